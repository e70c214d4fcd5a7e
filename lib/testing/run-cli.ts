import { spawn } from "node:child_process";

/** Runs `goodhart ARGS` as a user does (node --import tsx scripts/cli/index.ts), with the test's environment. */
export function runCli(args: string[], { env = {} }: { env?: Record<string, string> } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data) => (stdout += data));
    child.stderr.on("data", (data) => (stderr += data));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The last line of a command's output, read as the JSON its --json option ends with. */
export const lastJsonLine = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1)!);
