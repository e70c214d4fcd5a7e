// The servers the reward bench measures: Goodhart started as `npm start` starts it, and a bare node:http
// server in its own process that parses the same body and answers a same-shaped reward list.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export type RunningServer = { url: string; stop: () => Promise<void>; pid?: number };

// A bench that throws between starting a server and stopping it must not leave the server (and,
// for Goodhart, its web server, worker and reward server) holding the port for the next run.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
});

/** `npm start` (scripts/start.ts: migrate, bootstrap, build when stale, next start + worker) on `port`; `env` adds settings (GOODHART_REWARD_PORT). */
export async function startGoodhart({ root, port, databaseUrl, env = {} }: { root: string; port: number; databaseUrl: string; env?: Record<string, string> }): Promise<RunningServer> {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      GOODHART_SKIP_DEMO: "1",
      GOODHART_ADMIN_EMAIL: "bench@example.com",
      GOODHART_ADMIN_PASSWORD: `bench-${process.pid}-${Date.now()}`,
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, log);
  if (env.GOODHART_REWARD_PORT) await waitForHealth(`http://127.0.0.1:${env.GOODHART_REWARD_PORT}`, child, log);
  return { url, stop: () => stop(child) };
}

const bareSource = `
const http = require("node:http");
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const rollouts = body.rollouts ?? [];
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ rewards: rollouts.map(() => 0), results: rollouts.map(() => []), errors: [] }));
  });
});
server.listen(0, "127.0.0.1", () => process.send(server.address().port));
`;

export async function startBareServer(): Promise<RunningServer> {
  const child = spawn(process.execPath, ["-e", bareSource], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  running.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve(Number(message)));
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child), pid: child.pid };
}

async function waitForHealth(url: string, child: ChildProcess, log: string[]) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${log.join("").slice(-3000)}`);
    const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop(child);
  throw new Error(`npm start did not answer /api/health within 180 s:\n${log.join("").slice(-3000)}`);
}

/** Starts servers together; when one fails to start, the others are stopped before the error is thrown. */
export async function startAll<T extends RunningServer[]>(...starting: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starting);
  const failed = settled.find((result) => result.status === "rejected");
  if (!failed) return settled.map((result) => (result as PromiseFulfilledResult<RunningServer>).value) as T;
  await Promise.all(settled.map((result) => (result.status === "fulfilled" ? result.value.stop() : null)));
  throw failed.reason;
}

function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
