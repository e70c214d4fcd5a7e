import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { LAB_ENVIRONMENT, labRubricV1 } from "./lab-rubrics";
import { loadRubricVersion } from "../rubrics/load-rubric-version";
import { LAB_DIVERGENCE_PAIRS } from "./lab-run-config";
import { seedDemo } from "./seed-demo";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";

const db = getDb();
const projects: string[] = [];
let projectId: string;

async function newProject() {
  const project = await makeProject(db, "lab-start");
  projects.push(project.id);
  return project.id;
}

beforeAll(async () => {
  projectId = await newProject();
  await seedLabRubrics(db, { projectId });
});
afterAll(() => Promise.all(projects.map((id) => deleteProject(db, id))));

describe("seedLabRubrics", () => {
  it("seeds v1 approved with its items and the hack as a proposal, and seeding again creates nothing new", async () => {
    const id = await newProject();
    const first = await seedLabRubrics(db, { projectId: id });
    const second = await seedLabRubrics(db, { projectId: id });
    expect(first.isNew).toBe(true);
    expect(second).toEqual({ ...first, isNew: false });

    const rubrics = await db.rubric.findMany({ where: { projectId: id }, include: { versions: { include: { items: true } } } });
    expect(rubrics).toHaveLength(1);
    expect(rubrics[0]!.environment).toBe(LAB_ENVIRONMENT);
    const [v1] = rubrics[0]!.versions;
    expect(rubrics[0]!.versions).toHaveLength(1);
    expect(v1).toMatchObject({ version: 1, status: "approved" });
    expect(v1!.approvedAt).toBeInstanceOf(Date);
    expect(v1!.items.map((i) => [i.key, i.checkKind, i.position]).sort()).toEqual(labRubricV1.items.map((i, position) => [i.key, i.check.kind, position]).sort());

    const hacks = await db.knownHack.findMany({ where: { projectId: id } });
    // The loophole's hack is not seeded: it reaches the corpus when a reviewer confirms it.
    expect(hacks).toHaveLength(0);
    expect(await db.auditEvent.count({ where: { projectId: id, action: "lab.seed_rubrics" } })).toBe(1);
  });

  it("loads the stored version back as the same rubric", async () => {
    const { rubricVersionId } = await seedLabRubrics(db, { projectId });
    expect(await loadRubricVersion(db, { projectId, rubricVersionId })).toEqual(labRubricV1);
  });
});

describe("startLabRun", () => {
  it("resolves v1, 1, a version id and the default to the same version, and queues a job per run", async () => {
    const { rubricVersionId } = await seedLabRubrics(db, { projectId });
    for (const rubric of ["v1", "1", "V1", rubricVersionId, undefined]) {
      const { run, job, rubricVersion } = await startLabRun(db, { projectId, rubric, config: { steps: 5, seed: 7 } });
      expect(rubricVersion.id).toBe(rubricVersionId);
      expect(run).toMatchObject({ trainer: "lab", status: "queued", environment: "lab", rubricVersionId, name: "lab v1 seed 7" });
      expect(run.config).toEqual({ steps: 5, seed: 7, groupSize: 8, batchSize: 16, sampleRolloutsPerStep: 4, divergence: LAB_DIVERGENCE_PAIRS, wordings: "varied", worldModel: false });
      expect(job).toMatchObject({ type: "lab.run", status: "queued", idempotencyKey: run.id, projectId, payload: { runId: run.id } });
    }
  });

  it("trains on a draft when asked for it by number, and the default stays the latest approved", async () => {
    const id = await newProject();
    const { rubricId, rubricVersionId } = await seedLabRubrics(db, { projectId: id });
    const draft = await db.rubricVersion.create({ data: { rubricId, version: 2, status: "draft" } });
    expect((await startLabRun(db, { projectId: id, rubric: "v2" })).run).toMatchObject({ rubricVersionId: draft.id, name: "lab v2 (draft) seed 1" });
    expect((await startLabRun(db, { projectId: id })).run.rubricVersionId).toBe(rubricVersionId);
  });

  it("rejects an unknown version, and a version of another project, creating no run", async () => {
    const other = await newProject();
    const { rubricVersionId: foreign } = await seedLabRubrics(db, { projectId: other });
    const before = await db.trainingRun.count({ where: { projectId } });
    await expect(startLabRun(db, { projectId, rubric: "v9" })).rejects.toThrow('Unknown rubric version "v9" for the lab rubric; it has v1 (approved)');
    await expect(startLabRun(db, { projectId, rubric: foreign })).rejects.toMatchObject({ code: "bad_request" });
    await expect(startLabRun(db, { projectId, rubric: "nonsense" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await db.trainingRun.count({ where: { projectId } })).toBe(before);
  });

  it("refuses a project without a lab rubric", async () => {
    await expect(startLabRun(db, { projectId: await newProject() })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("seedDemo", () => {
  it("starts one lab run on v1 in an empty project, and nothing when the project has a run", async () => {
    const id = await newProject();
    const seeded = await seedDemo(db, id);
    expect(seeded).not.toBeNull();
    const runs = await db.trainingRun.findMany({ where: { projectId: id }, include: { rubricVersion: true } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: seeded!.runId, status: "queued", trainer: "lab" });
    expect(runs[0]!.rubricVersion?.version).toBe(1);
    expect(await db.job.count({ where: { projectId: id, type: "lab.run" } })).toBe(1);
    expect(await seedDemo(db, id)).toBeNull();
    expect(await db.trainingRun.count({ where: { projectId: id } })).toBe(1);
  });
});
