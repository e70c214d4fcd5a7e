import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type AppWorker = { child: ChildProcess; workerId: string; output: () => string };

/**
 * Starts the real worker (workers/index.ts: every job handler of the app) as its own OS process,
 * as on another machine; resolves once it says it started. `output` is what it printed so far.
 */
export function spawnAppWorker(env: Record<string, string> = {}): Promise<AppWorker> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "workers/index.ts")], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const started = /\[worker (\S+)\] started:/.exec(output);
      if (started) {
        clearTimeout(timer);
        resolve({ child, workerId: started[1]!, output: () => output });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code ?? signal}:\n${output}`));
    });
  });
}

/** The ids of the jobs a worker's log says it finished with `outcome` (its line per job run). */
export function jobsLogged(output: string, outcome: "succeeded" | "retrying" | "failed" | "lost" | "cancelled"): string[] {
  return [...output.matchAll(new RegExp(`^\\[worker \\S+\\] \\S+ (\\S+) ${outcome}$`, "gm"))].map((match) => match[1]!);
}
