import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { findReplacedRun } from "./find-replaced-run";

const db = getDb();
let project: { id: string };
let other: { id: string };
beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "replaced-run"), makeProject(db, "replaced-run-other")]);
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

async function versionsOf(projectId: string, environment: string, count: number) {
  const rubric = await db.rubric.create({ data: { projectId, environment, name: environment } });
  const versions = [];
  for (let version = 1; version <= count; version++) versions.push(await db.rubricVersion.create({ data: { rubricId: rubric.id, version, status: "approved" } }));
  return versions.map((v) => v.id);
}

let minute = 0;
const makeRun = (projectId: string, environment: string, rubricVersionId: string | null) =>
  db.trainingRun.create({ data: { projectId, name: uniqueName("run"), trainer: "lab", status: "finished", environment, rubricVersionId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, ++minute)) } });

describe("findReplacedRun", () => {
  it("is the latest run of the same environment on another rubric version, in the same project", async () => {
    const environment = uniqueName("env");
    const [v1, v2, v3] = await versionsOf(project.id, environment, 3);
    const elsewhere = uniqueName("env");
    const [otherEnvVersion] = await versionsOf(project.id, elsewhere, 1);
    const [otherProjectVersion] = await versionsOf(other.id, environment, 1);

    await makeRun(project.id, environment, v1!);
    const latestV2 = await makeRun(project.id, environment, v2!);
    await makeRun(project.id, environment, v3!); // an earlier run on the new run's own version
    // Newer, but not candidates: another environment, another project, no rubric version.
    await makeRun(project.id, elsewhere, otherEnvVersion!);
    await makeRun(other.id, environment, otherProjectVersion!);
    await makeRun(project.id, environment, null);
    const fresh = await makeRun(project.id, environment, v3!);

    expect(await findReplacedRun(db, { projectId: project.id, runId: fresh.id })).toEqual({ id: latestV2.id, name: latestV2.name });
    // The same run looked up from another project is not found.
    expect(await findReplacedRun(db, { projectId: other.id, runId: fresh.id })).toBeNull();
  });

  it("is none for the first version's first run, and for a run without a rubric version", async () => {
    const environment = uniqueName("env");
    const [v1] = await versionsOf(project.id, environment, 1);
    const first = await makeRun(project.id, environment, v1!);
    const second = await makeRun(project.id, environment, v1!);
    const unversioned = await makeRun(project.id, environment, null);
    expect(await findReplacedRun(db, { projectId: project.id, runId: first.id })).toBeNull();
    expect(await findReplacedRun(db, { projectId: project.id, runId: second.id })).toBeNull();
    expect(await findReplacedRun(db, { projectId: project.id, runId: unversioned.id })).toBeNull();
  });
});
