import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Starts lib/testing/test-worker-process.ts as its own OS process; resolves once it polls. */
export function spawnTestWorker(name: string, { leaseSeconds = 2 }: { leaseSeconds?: number } = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "lib/testing/test-worker-process.ts")], {
    cwd: root,
    env: { ...process.env, GOODHART_TEST_WORKER_NAME: name, GOODHART_JOB_LEASE_SECONDS: String(leaseSeconds) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker ${name} did not start:\n${output}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`worker ${name} exited with ${code}:\n${output}`));
    });
  });
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}
