import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { approveRubricVersion } from "../rubrics/approve-rubric-version";
import { deleteProject, makeProject } from "../testing/factories";
import { resolveRewardVersion } from "./resolve-reward-version";

const db = getDb();
let projectId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "reward-latest")).id;
});
afterAll(() => deleteProject(db, projectId));

describe("resolveRewardVersion by environment", () => {
  it("serves a newly approved version from the next request on, although it keeps the latest one for a second", async () => {
    const { rubricId, rubricVersionId: v1 } = await seedLabRubrics(db, { projectId });
    expect((await resolveRewardVersion(db, { projectId, environment: "lab" })).id).toBe(v1);

    const v2 = await db.rubricVersion.create({ data: { rubricId, version: 2, status: "draft", basedOnId: v1 } });
    await db.rubricItem.create({ data: { rubricVersionId: v2.id, key: "polite", question: "Polite?", polarity: "good", weight: 1, checkKind: "regex", check: { kind: "regex", pattern: "thank", flags: "i" }, position: 0 } });
    await approveRubricVersion(db, { projectId, rubricVersionId: v2.id, actor: systemActor });

    const served = await resolveRewardVersion(db, { projectId, environment: "lab" });
    expect(served.id).toBe(v2.id);
    expect(served.rubric.items.map((item) => item.key)).toEqual(["polite"]);
  });
});
