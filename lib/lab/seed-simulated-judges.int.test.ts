import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { listJudges } from "../judges/list-judges";
import { deleteProject, makeProject } from "../testing/factories";
import { seedSimulatedJudges } from "./seed-simulated-judges";
import { SIMULATED_JUDGE_NAMES } from "./simulated-judges";

const db = getDb();
let projectId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "simjudges")).id;
});
afterAll(() => deleteProject(db, projectId));

describe("seedSimulatedJudges", () => {
  it("adds the four lab judges, flagged simulated and bound to the lab; seeding again adds none", async () => {
    expect(await seedSimulatedJudges(db, projectId)).toBe(4);
    expect(await seedSimulatedJudges(db, projectId)).toBe(0);
    const judges = await listJudges(db, projectId);
    expect(judges.map((j) => j.name).sort()).toEqual([...SIMULATED_JUDGE_NAMES].sort());
    expect(judges.every((j) => j.isSimulated && j.kind === "simulated" && j.environment === "lab" && j.version === 1)).toBe(true);
    expect(judges.every((j) => (j.description ?? "").length > 20)).toBe(true);
  });
});
