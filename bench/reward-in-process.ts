// The reward API's own cost, without HTTP: the bench's bodies through the API-key check and
// answerRewardPost (what both servers call) in this process, as CPU time of the process, which a
// loaded machine distorts far less than wall time. Not part of `npm run bench`:
//   npx tsx bench/reward-in-process.ts                      1,024-rollout batches on a fresh SQLite file
//   REWARD_MODE=single npx tsx bench/reward-in-process.ts   one rollout per request at concurrency 64
//   REWARD_DATABASE_URL=postgresql://... (a migrated database) for PostgreSQL; REWARD_COUNT batches or requests;
//   REWARD_PROFILE=file.cpuprofile writes a CPU profile of the timed part (open it in Chrome's DevTools).
import { rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { authorizeApiKey } from "../lib/api-keys/authorize-api-key";
import { createDb } from "../lib/db/client";
import { ensureDatabaseReady } from "../lib/db/ensure-database-ready";
import { answerRewardPost } from "../lib/reward/answer-reward-post";
import { rewardBenchRollout, seedRewardBench } from "./reward-throughput";

const root = path.resolve(import.meta.dirname, "..");
const mode = process.env.REWARD_MODE === "single" ? "single" : "batch";
const count = Number(process.env.REWARD_COUNT ?? (mode === "single" ? 3000 : 12));
let url = process.env.REWARD_DATABASE_URL;
if (!url) {
  const file = path.join(root, "data", "bench", "reward-in-process.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  url = `file:${file}`;
}
await ensureDatabaseReady({ root, url });
const db = createDb(url);
const { key } = await seedRewardBench(db);
const authorization = `Bearer ${key}`;
const headers = { get: (name: string) => (name === "authorization" ? authorization : null) };
const search = new URLSearchParams();
const encoder = new TextEncoder();

async function post(body: unknown) {
  const principal = await authorizeApiKey(db, { authorization, askedProject: null });
  const answer = await answerRewardPost(db, { projectId: principal.projectId, search, headers, bytes: encoder.encode(JSON.stringify(body)) });
  JSON.stringify(answer);
  if (answer.rewards.some((reward) => typeof reward !== "number")) throw new Error(`a rollout was not scored: ${JSON.stringify(answer.errors).slice(0, 300)}`);
}

const session = new Session();
async function startProfile() {
  if (!process.env.REWARD_PROFILE) return;
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
async function stopProfile() {
  if (!process.env.REWARD_PROFILE) return;
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(process.env.REWARD_PROFILE, JSON.stringify(profile));
}
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
// Steps fit PostgreSQL's integer and differ from run to run, so each run stores new rollouts.
const firstStep = Math.floor(Date.now() / 1000) % 1_000_000_000;

try {
  if (mode === "batch") {
    const batch = (step: number) => ({ environment: "bench", rollouts: Array.from({ length: 1024 }, (_, i) => rewardBenchRollout(step, i)) });
    await post(batch(firstStep)); // warm-up
    await startProfile();
    const perBatch: number[] = [];
    for (let b = 1; b <= count; b++) {
      const body = batch(firstStep + b);
      const started = process.cpuUsage();
      await post(body);
      perBatch.push(cpuMs(started));
    }
    await stopProfile();
    perBatch.sort((a, b) => a - b);
    console.log(`${count} batches of 1,024 rollouts: CPU ${perBatch[Math.floor(count / 2)]!.toFixed(0)} ms a batch (median; fastest ${perBatch[0]!.toFixed(0)} ms)`);
  } else {
    for (let i = 0; i < 256; i++) await post({ environment: "bench", rollouts: [rewardBenchRollout(firstStep, i)] }); // warm-up
    await startProfile();
    let next = 0;
    const started = process.cpuUsage();
    const wall = performance.now();
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < count) await post({ environment: "bench", rollouts: [rewardBenchRollout(firstStep + 1, next++)] });
      }),
    );
    const seconds = (performance.now() - wall) / 1000;
    const used = cpuMs(started);
    await stopProfile();
    console.log(`${count} single-rollout requests at concurrency 64: CPU ${(used / count).toFixed(3)} ms a request (${(count / seconds).toFixed(0)} requests/s on this machine's wall clock)`);
  }
} finally {
  await db.$disconnect();
}
