import { beforeAll, describe, expect, it, vi } from "vitest";
import { runLabAction } from "@/app/actions/lab-actions";
import { getDb } from "@/lib/db/client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { formOf, routeTestProjects } from "@/lib/next/route-test";

// /rubrics/[id] "Train the lab on this version": the action answers the run to compare the new one with.
vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project] = routeTestProjects(["train-lab"], { members: ["reviewer"], signedInAs: "reviewer" });
let v1: string;
let v2: string;
beforeAll(async () => {
  const seeded = await seedLabRubrics(db, { projectId: project.id });
  v1 = seeded.rubricVersionId;
  v2 = (await db.rubricVersion.create({ data: { rubricId: seeded.rubricId, version: 2, status: "approved", basedOnId: v1 } })).id;
});

async function train(rubric: string, seed: number) {
  const result = await runLabAction(null, formOf({ rubric, steps: "20", seed: String(seed) }));
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
