// The worker process: parses env, wires the job handlers of lib/ and runs until SIGINT or SIGTERM.
import { getDb } from "../lib/db/client";
import { startWalCheckpoints } from "../lib/db/sqlite-wal-checkpoint";
import path from "node:path";
import { readEnv } from "../lib/env";
import { startWorker } from "../lib/jobs/start-worker";
import { loadEnvFile } from "../lib/setup/env-file";
import { wireJobHandlers } from "./job-handlers";

loadEnvFile(path.resolve(import.meta.dirname, ".."));
const env = readEnv();
const db = getDb();
const jobHandlers = wireJobHandlers();
const worker = await startWorker({ db, handlers: jobHandlers, concurrency: env.GOODHART_WORKER_CONCURRENCY, leaseMs: env.GOODHART_JOB_LEASE_SECONDS * 1000 });
// On SQLite the worker copies the WAL into the file, so the web app's and reward server's commits do not.
const stopWalCheckpoints = startWalCheckpoints(db);
console.log(`[worker ${worker.workerId}] started: ${jobHandlers.map((h) => h.type.name).join(", ") || "no job types"}`);

let isStopping = false;
async function shutdown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  console.log(`[worker ${worker.workerId}] ${signal}: finishing running jobs`);
  stopWalCheckpoints();
  await worker.stop();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
