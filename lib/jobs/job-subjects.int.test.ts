import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { runDivergenceJob } from "../monitor/run-divergence-job";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { enqueueJob } from "./enqueue-job";
import { describeJobSubjects } from "./job-subjects";
import { listJobs } from "./list-jobs";

const db = getDb();
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "job-subjects")).id;
  otherProjectId = (await makeProject(db, "job-subjects-other")).id;
});
afterAll(() => Promise.all([deleteProject(db, projectId), deleteProject(db, otherProjectId)]));

describe("what a job is about", () => {
  it("names the run, known hack or file its payload holds, and a pipeline event's subject", async () => {
    const run = await db.trainingRun.create({ data: { projectId, name: uniqueName("grpo"), trainer: "external" } });
    const hack = await db.knownHack.create({ data: { projectId, environment: "refunds", name: "Claims a refund it never issued", description: "d" } });
    const elsewhere = await db.trainingRun.create({ data: { projectId: otherProjectId, name: "another project's run", trainer: "external" } });
    const subjects = await describeJobSubjects(db, projectId, [
      { type: "runs.divergence", payload: { runId: run.id } },
      { type: "pipeline.event", payload: { event: "rollouts.stored", projectId, subjectId: run.id, step: 12 } },
      { type: "pipeline.event", payload: { event: "known_hack.confirmed", projectId, subjectId: hack.id } },
      { type: "traces.import", payload: { uploadId: "u", fileName: "traces.jsonl" } },
      { type: "tasks.mine-traces", payload: { environment: "refunds" } },
      { type: "runs.divergence", payload: { runId: elsewhere.id } },
      { type: "test.record", payload: { label: "x" } },
    ]);
    expect(subjects).toEqual([
      `run ${run.name}`,
      `rollouts.stored: run ${run.name}, step 12`,
      "known_hack.confirmed: hack Claims a refund it never issued",
      "file traces.jsonl",
      null,
      // Another project's run is never named through this project's jobs.
      "run (deleted)",
      null,
    ]);
  });

  it("is on each row the Jobs page and the API list: two divergence jobs say which run each is for", async () => {
    const runs = await Promise.all(["a", "b"].map((suffix) => db.trainingRun.create({ data: { projectId, name: uniqueName(`run-${suffix}`), trainer: "external" } })));
    const jobs = await Promise.all(runs.map(async (run) => (await enqueueJob(db, runDivergenceJob, { runId: run.id }, { projectId })).job));
    const listed = await listJobs(db, { projectId, type: "runs.divergence" });
    expect(jobs.map((job) => listed.find((row) => row.id === job.id)?.subject)).toEqual(runs.map((run) => `run ${run.name}`));
  });
});
