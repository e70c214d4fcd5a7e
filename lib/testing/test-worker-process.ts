// A worker process for the job system's multi-process tests: the real startWorker with test job types.
import { getDb } from "../db/client";
import { startWorker } from "../jobs/start-worker";
import { testHandlers } from "./test-job-types";

const db = getDb();
const worker = await startWorker({
  db,
  handlers: testHandlers,
  concurrency: 2,
  leaseMs: Number(process.env.GOODHART_JOB_LEASE_SECONDS ?? 2) * 1000,
  pollIntervalMs: 100,
  log: () => undefined,
});
console.log(`ready ${worker.workerId}`);
process.on("SIGTERM", async () => {
  await worker.stop();
  process.exit(0);
});
