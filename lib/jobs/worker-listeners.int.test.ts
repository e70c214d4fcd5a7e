import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { fanOutJob, recordJob, testHandlers } from "../testing/test-job-types";
import { waitFor } from "../testing/wait-for";
import { enqueueJob } from "./enqueue-job";
import { startWorker } from "./start-worker";

// Its own file: the worker here must be the only one claiming, so that its jobs really run at once.
const db = getDb();
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "worker-listeners")).id;
});
afterAll(async () => {
  await deleteProject(db, projectId);
});

it("prints no listener-leak warning while a dozen jobs run at once and one job's 32 calls all listen to its signal", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  const worker = await startWorker({ db, handlers: testHandlers, concurrency: 12, leaseMs: 10_000, pollIntervalMs: 20, log: () => {} });
  try {
    const held = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await enqueueJob(db, recordJob, { label: `at once ${i}`, workMs: 4_000, failTimes: 0 }, { projectId })).job.id));
    const fanned = (await enqueueJob(db, fanOutJob, { calls: 32, callMs: 500 }, { projectId })).job.id;
    const ids = [...held, fanned];
    // All twelve at once, so the stop signal had every one of their listeners together.
    await waitFor(async () => (await db.job.count({ where: { id: { in: held }, status: "running" } })) === 12, 20_000);
    await waitFor(async () => (await db.job.count({ where: { id: { in: ids }, status: "succeeded" } })) === ids.length, 30_000);
  } finally {
    await worker.stop();
    process.off("warning", onWarning);
  }
  expect(warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning"))).toEqual([]);
});
