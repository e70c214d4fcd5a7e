import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { waitFor } from "./wait-for";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The built web server (scripts/serve.ts, what npm start runs) on `port` in production mode, as its own
 * OS process with this test's database; `env` adds to or overrides the test's environment.
 */
export function startBuiltServer(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "--port", String(port)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Stops a server started by startBuiltServer (SIGTERM, as a service manager would) and waits for it to exit. */
export async function stopBuiltServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Whether the server at `base` answers /api/health with 200 now. */
export const isHealthy = (base: string) => fetch(`${base}/api/health`).then((response) => response.ok, () => false);

/** Waits until the server at `base` answers /api/health (a built server starts in seconds; a minute is a failure). */
export const waitUntilHealthy = (base: string) => waitFor(() => isHealthy(base), 60_000, 200);
