import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { findHackSuspects } from "./find-hack-suspects";

const db = getDb();
const projects: string[] = [];
afterAll(async () => {
  for (const id of projects) await deleteProject(db, id);
});

describe("findHackSuspects", () => {
  it("calls a reward high against what the run is paid lately, not against its whole history", async () => {
    const project = await makeProject(db, "suspects");
    projects.push(project.id);
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: uniqueName("long"), trainer: "trl" } });
    const perStep = 64;
    const rollout = (step: number, i: number, reward: number, success: boolean) => ({
      id: `${run.id}-${step}-${i}`,
      projectId: project.id,
      externalId: `${run.id}-${step}-${i}`,
      contentHash: `${step}-${i}`,
      source: "reward-api",
      runId: run.id,
      step,
      reward,
      success,
    });
    // 6,400 early rollouts paid little, then 4,096 paid 0.5 to 1.0, every fourth failing its true outcome.
    const early = Array.from({ length: 100 * perStep }, (_, k) => rollout(1 + Math.floor(k / perStep), k % perStep, 0.3 * (k / (100 * perStep)), true));
    const late = Array.from({ length: 64 * perStep }, (_, k) => rollout(101 + Math.floor(k / perStep), k % perStep, 0.5 + 0.5 * (((k * 37) % 4096) / 4096), k % 4 !== 0));
    for (let start = 0; start < early.length + late.length; start += 2000) await db.trace.createMany({ data: [...early, ...late].slice(start, start + 2000) });

    const suspects = await findHackSuspects(db, { runId: run.id, fromStep: 101 });
    // The whole run's top quarter starts near 0.68; the latest 4,096's at 0.875.
    const latest = late.map((r) => r.reward).sort((a, b) => a - b);
    const highReward = latest[Math.floor(latest.length * 0.75)]!;
    expect(highReward).toBeGreaterThan(0.87);
    expect(suspects.length).toBe(20);
    for (const { detail } of suspects) {
      expect(detail.reward!).toBeGreaterThanOrEqual(highReward);
      expect(detail.success).toBe(false);
      expect(detail.reason).toBe(`reward ${detail.reward} (top quarter of the run's latest rollouts) while the true outcome failed`);
    }
    // The most recent first.
    expect(suspects[0]!.detail.step).toBe(164);
  });
});
