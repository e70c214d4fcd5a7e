import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runLabAction } from "../../app/actions/lab-actions";
import { getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject, makeUser } from "../testing/factories";

// /rubrics/[id] "Train the lab on this version": the action answers the run to compare the new one with.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "" }));
vi.mock("./auth", () => ({ auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null) }));
vi.mock("./current-project", () => ({ currentProjectSlug: async () => signedIn.projectSlug }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = getDb();
let project: { id: string; slug: string };
let v1: string;
let v2: string;
beforeAll(async () => {
  project = await makeProject(db, "train-lab");
  Object.assign(signedIn, { projectSlug: project.slug, userId: (await makeUser(db, { projectId: project.id, role: "reviewer" })).id });
  const seeded = await seedLabRubrics(db, { projectId: project.id });
  v1 = seeded.rubricVersionId;
  v2 = (await db.rubricVersion.create({ data: { rubricId: seeded.rubricId, version: 2, status: "approved", basedOnId: v1 } })).id;
});
afterAll(() => deleteProject(db, project.id));

async function train(rubric: string, seed: number) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ rubric, steps: "20", seed: String(seed) })) form.set(name, value);
  const result = await runLabAction(null, form);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

describe("training the lab on a rubric version", () => {
  it("queues a run on that version and names the latest lab run on another version as the one it replaces", async () => {
    const firstOnV1 = await train(v1, 1);
    expect(firstOnV1.replacesRunId).toBeNull();
    const secondOnV1 = await train(v1, 2);
    expect(secondOnV1.replacesRunId).toBeNull();

    const onV2 = await train(v2, 1);
    expect(await db.trainingRun.findUniqueOrThrow({ where: { id: onV2.runId } })).toMatchObject({ rubricVersionId: v2, status: "queued", environment: "lab" });
    expect(onV2.replacesRunId).toBe(secondOnV1.runId);

    // Back on v1: it is compared with the v2 run, the latest on another version.
    const backOnV1 = await train(v1, 3);
    expect(backOnV1.replacesRunId).toBe(onV2.runId);
  });
});
