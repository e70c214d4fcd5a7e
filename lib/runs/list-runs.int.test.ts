import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { findRunDetail } from "./find-run-detail";
import { listRuns } from "./list-runs";
import { registerRun } from "./register-run";
import { writeMetricPoints } from "./write-metric-points";

const db = getDb();
const actor = { label: "trainer" };
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "runs-list")).id;
});
afterAll(() => deleteProject(db, projectId));

/** A trainer's run, registered as the API does, with a proxy reward over `steps` steps and a held-out metric every fifth step. */
async function trainerRun(name: string, steps: number) {
  const { run } = await registerRun(db, { projectId, input: { name, trainer: "verl", environment: "refunds" }, actor });
  const proxy = Array.from({ length: steps }, (_, i) => ({ name: "reward/proxy", step: i + 1, value: (i + 1) / steps }));
  const heldOut = Array.from({ length: Math.floor(steps / 5) }, (_, i) => ({ name: "success/heldout", step: (i + 1) * 5, value: 0.5 }));
  await writeMetricPoints(db, { runId: run.id, points: [...proxy, ...heldOut] });
  return run;
}

describe("runs for the /runs pages", () => {
  it("lists the project's runs newest first with trainer and environment, and a run no job trains has no job", async () => {
    const older = await trainerRun("older", 10);
    const newer = await trainerRun("newer", 10);
    const runs = (await listRuns(db, { projectId })).filter((r) => r.id === older.id || r.id === newer.id);
    expect(runs.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(runs[0]).toMatchObject({ name: "newer", trainer: "verl", environment: "refunds", status: "running", rubricVersion: null, summary: null, hackRisk: null, job: null });
    const empty = await makeProject(db, "runs-empty");
    expect(await listRuns(db, { projectId: empty.id })).toEqual([]);
    await deleteProject(db, empty.id);
  });

  it("gives a run's metric names with point counts, step range, and first and last values as means over the first and last 10% of points", async () => {
    const run = await trainerRun("metrics", 30);
    const { run: detail, metrics } = await findRunDetail(db, { projectId, runId: run.id });
    expect(detail.id).toBe(run.id);
    expect(metrics.map((m) => m.name)).toEqual(["reward/proxy", "success/heldout"]);
    const proxy = metrics.find((m) => m.name === "reward/proxy")!;
    expect(proxy).toMatchObject({ points: 30, window: 3, firstStep: 1, lastStep: 30 });
    expect(proxy.first).toBeCloseTo((1 + 2 + 3) / 3 / 30, 12);
    expect(proxy.last).toBeCloseTo((28 + 29 + 30) / 3 / 30, 12);
    expect(metrics.find((m) => m.name === "success/heldout")).toMatchObject({ points: 6, window: 1, firstStep: 5, lastStep: 30, first: 0.5, last: 0.5 });
  });

  it("does not show a run of another project", async () => {
    const run = await trainerRun("private", 5);
    const other = await makeProject(db, "runs-other");
    await expect(findRunDetail(db, { projectId: other.id, runId: run.id })).rejects.toMatchObject({ code: "not_found" });
    expect(await listRuns(db, { projectId: other.id })).toEqual([]);
    await deleteProject(db, other.id);
  });
});
