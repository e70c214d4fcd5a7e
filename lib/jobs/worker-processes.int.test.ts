import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { spawnTestWorker, stopProcess } from "../testing/spawn-test-worker";
import { completionAction, recordJob } from "../testing/test-job-types";
import { waitFor } from "../testing/wait-for";
import { enqueueJob } from "./enqueue-job";

// Separate OS processes sharing one database, as workers on several machines would.
const db = getDb();
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "workers")).id;
});
afterAll(async () => {
  await deleteProject(db, projectId);
});

describe("worker processes", () => {
  it("two workers over one batch do every job exactly once", async () => {
    const workers = await Promise.all([spawnTestWorker("a"), spawnTestWorker("b")]);
    try {
      const jobs = await Promise.all(
        Array.from({ length: 40 }, (_, i) => enqueueJob(db, recordJob, { label: `p-${i}`, workMs: 30, failTimes: 0 }, { projectId })),
      );
      const ids = jobs.map(({ job }) => job.id);
      await waitFor(async () => (await db.job.count({ where: { id: { in: ids }, status: "succeeded" } })) === ids.length, 60_000, 200);
      const perJob = await db.auditEvent.groupBy({ by: ["subjectId"], where: { action: completionAction, subjectId: { in: ids } }, _count: true });
      expect(perJob).toHaveLength(ids.length);
      expect(perJob.every((row) => row._count === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => stopProcess(worker)));
    }
  }, 90_000);

  it("a job whose worker is killed mid-way is finished by another after the lease runs out, and stored once", async () => {
    const first = await spawnTestWorker("doomed");
    const { job } = await enqueueJob(db, recordJob, { label: "killed", workMs: 4_000, failTimes: 0 }, { projectId });
    await waitFor(async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      return row.status === "running" && row.progress > 0 ? row : null;
    }, 30_000);
    await stopProcess(first, "SIGKILL");
    const takenBy = (await db.job.findUniqueOrThrow({ where: { id: job.id } })).lockedBy;
    expect(takenBy).toEqual(expect.stringContaining(":"));

    const second = await spawnTestWorker("rescuer");
    try {
      const done = await waitFor(async () => {
        const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
        return row.status === "succeeded" ? row : null;
      }, 60_000, 200);
      expect(done.attempts).toBe(2);
      // lockedBy keeps the worker that finished it: the rescuer, not the one that was killed.
      expect(done.lockedBy).not.toBe(takenBy);
      const completions = await db.auditEvent.findMany({ where: { action: completionAction, subjectId: job.id } });
      expect(completions).toHaveLength(1);
      expect(completions[0]!.details).toMatchObject({ worker: "rescuer", attempt: 2 });
    } finally {
      await stopProcess(second);
    }
  }, 120_000);
});
