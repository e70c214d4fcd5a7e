// The reward server's own cost under the bench's single-sample load, measured from outside its
// process: the server (scripts/reward-server.ts) runs alone in a child process, the load comes from
// this one, and the server's CPU time is read from /proc before and after the run. Not part of
// `npm run bench`:
//   npx tsx bench/reward-server-cpu.ts                     a fresh SQLite file
//   REWARD_DATABASE_URL=postgresql://... npx tsx bench/reward-server-cpu.ts   (migrated when needed)
//   REWARD_PORT (3620), REWARD_COUNT requests (1,024), REWARD_ROUNDS (1), REWARD_WARMUP requests (2,048), REWARD_PROFILE=file.cpuprofile:
//   a CPU profile of the server during the last round's first (storing) run.
// The server carries bench/reward-server-probe.ts, which also reports how much of the run's wall
// time the server had a PostgreSQL query outstanding.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createDb } from "../lib/db/client";
import { ensureDatabaseReady } from "../lib/db/ensure-database-ready";
import { startBareServer } from "./bench-servers";
import { processCpuMs } from "./process-cpu";
import { postJson, runLoad } from "./http-load";
import { rewardBenchRollout, seedRewardBench } from "./reward-throughput";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.REWARD_PORT ?? 3620);
const count = Number(process.env.REWARD_COUNT ?? 1024);
const rounds = Number(process.env.REWARD_ROUNDS ?? 1);
// The server's first two thousand or so requests cost about twice the CPU of the later ones (V8
// compiling the hot path); the warm-up takes it past them, as bench/reward-throughput.ts does.
const warmUp = Number(process.env.REWARD_WARMUP ?? 2048);
const concurrency = 64;
let url = process.env.REWARD_DATABASE_URL;
if (!url) {
  const file = path.join(root, "data", "bench", `reward-server-cpu-${port}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  url = `file:${file}`;
}
const onPostgres = url.startsWith("postgres");
await ensureDatabaseReady({ root, url });
const db = createDb(url);
const { projectId, key } = await seedRewardBench(db);
const auth = { authorization: `Bearer ${key}` };

const profile = process.env.REWARD_PROFILE;
const nodeFlags = [...(process.env.REWARD_NODE_FLAGS?.split(" ").filter(Boolean) ?? []), "--import", "tsx", "--import", "./bench/reward-server-probe.ts"];
const server = spawn(process.execPath, [...nodeFlags, "scripts/reward-server.ts", "--port", String(port)], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url },
  stdio: ["pipe", "pipe", "inherit"],
});
let serverOut = "";
server.stdout!.on("data", (chunk: Buffer) => (serverOut += chunk.toString()));
const bare = await startBareServer();
const target = `http://127.0.0.1:${port}`;

// A PostgreSQL backend that has exited counts 0.
const cpuMsOf = (pid: number) => processCpuMs(pid) ?? 0;
const serverCpuMs = () => cpuMsOf(server.pid!);
// On PostgreSQL (on this machine), the CPU of the backends serving this database's connections: the
// database's own share of a rollout, which the Node side does not spend.
async function backendCpuMs(): Promise<Map<number, number>> {
  if (!onPostgres) return new Map();
  const rows = await db.$queryRawUnsafe<Array<{ pid: number }>>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  return new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)]));
}
const backendCpuSince = async (before: Map<number, number>) => [...(await backendCpuMs())].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
async function probe<T>(command: string): Promise<T> {
  const before = serverOut.length;
  server.stdin!.write(`${command}\n`);
  for (let i = 0; i < 500; i++) {
    const line = serverOut.slice(before).match(/probe (\{.*\})\n/);
    if (line) return JSON.parse(line[1]!) as T;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the server's probe did not answer ${command}`);
}
const pgBusyMs = () => (onPostgres ? probe<{ busyMs: number; queries: number; byStatement: Record<string, number> }>("report") : Promise.resolve(null));

type Answer = { rewards: Array<number | null>; traceIds: Array<string | null> };
const single = (base: string, step: number, ids?: Map<number, string>) => async (i: number) => {
  const answer = await postJson<Answer>(`${base}/api/v1/reward`, { environment: "bench", rollouts: [rewardBenchRollout(step, i)] }, auth);
  if (typeof answer.rewards[0] !== "number") throw new Error(`rollout ${step}-${i} was not scored`);
  ids?.set(i, answer.traceIds[0]!);
};

try {
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) throw new Error(`the reward server exited (${server.exitCode})`);
    if (await fetch(`${target}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await runLoad(single(target, 0), { count: warmUp, concurrency });
  await runLoad(single(bare.url, 0), { count: 256, concurrency });
  console.log(`${onPostgres ? "PostgreSQL" : "SQLite"}, ${count} single-rollout requests at concurrency ${concurrency}, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  for (let round = 1; round <= rounds; round++) {
    const step = Math.floor(Date.now() / 1000) % 1_000_000_000;
    const bareCpuBefore = cpuMsOf(bare.pid!);
    const bareRun = await runLoad(single(bare.url, step), { count, concurrency });
    const bareCpu = cpuMsOf(bare.pid!) - bareCpuBefore;
    const ids = new Map<number, string>();
    if (profile && round === rounds) await probe("profile-start");
    const cpuBefore = serverCpuMs();
    const backendsBefore = await backendCpuMs();
    const pgBefore = await pgBusyMs();
    const wall = performance.now();
    const clientBefore = process.cpuUsage();
    const run = await runLoad(single(target, step, ids), { count, concurrency });
    const wallMs = performance.now() - wall;
    const client = process.cpuUsage(clientBefore);
    const clientMs = (client.user + client.system) / 1000;
    const pgAfter = await pgBusyMs();
    const cpu = serverCpuMs() - cpuBefore;
    const backendCpu = await backendCpuSince(backendsBefore);
    if (profile && round === rounds) await probe(`profile-stop ${path.resolve(profile)}`);
    const stored = await db.trace.count({ where: { projectId, step } });
    const firstIds = new Map(ids);
    const resendCpuBefore = serverCpuMs();
    const resend = await runLoad(single(target, step, ids), { count, concurrency });
    const resendCpu = serverCpuMs() - resendCpuBefore;
    const storedAfter = await db.trace.count({ where: { projectId, step } });
    const same = [...firstIds].every(([i, id]) => ids.get(i) === id);
    const pg = pgBefore && pgAfter ? `; a PostgreSQL query outstanding ${(pgAfter.busyMs - pgBefore.busyMs).toFixed(0)} of ${wallMs.toFixed(0)} ms wall (${(((pgAfter.busyMs - pgBefore.busyMs) / wallMs) * 100).toFixed(0)}%), ${pgAfter.queries - pgBefore.queries} queries, PostgreSQL backends' CPU ${(backendCpu / count).toFixed(3)} ms a rollout` : "";
    if (pgBefore && pgAfter && process.env.REWARD_STATEMENTS) {
      for (const [statement, ms] of Object.entries(pgAfter.byStatement)) console.log(`  ${(ms - (pgBefore.byStatement[statement] ?? 0)).toFixed(0).padStart(6)} ms  ${statement}`);
    }
    console.log(
      `round ${round}: ${run.perSecond.toFixed(0)} requests/s (p50 ${run.p50.toFixed(0)} ms), bare ${bareRun.perSecond.toFixed(0)} (its CPU ${(bareCpu / count).toFixed(3)} ms a request): ${(run.perSecond / bareRun.perSecond).toFixed(2)} of bare; server CPU ${(cpu / count).toFixed(3)} ms a rollout (${cpu} ms, ${((cpu / wallMs) * 100).toFixed(0)}% of wall; the load client ${(clientMs / count).toFixed(3)} ms)${pg}; resend ${resend.perSecond.toFixed(0)}/s, CPU ${(resendCpu / count).toFixed(3)} ms; stored ${stored}, after resend ${storedAfter}, same ids ${same}`,
    );
    if (stored !== count || storedAfter !== count || !same) throw new Error("rollouts lost or duplicated");
  }
} finally {
  await new Promise<void>((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
  await bare.stop();
  await db.$disconnect();
}
