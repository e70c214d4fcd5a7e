import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { FOUND_BEFORE_TRAINING } from "../redteam/record-loopholes";
import { redteamHandler, startRedteam } from "../redteam/redteam-job";
import type { RedteamReport } from "../redteam/redteam-report";
import { redteamRequestSchema } from "../redteam/redteam-schemas";
import { deleteProject, makeProject } from "../testing/factories";
import { storeTraces } from "../traces/store-traces";
import { registerLabSimulatedJudges } from "./register-simulated-judges";
import { scriptedLabRollouts } from "./scripted-lab-rollouts";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { seedSimulatedJudges } from "./seed-simulated-judges";
import { writePlantedTasks } from "./write-planted-tasks";

const db = getDb();
let projectId: string;
let rubricVersionId: string;

beforeAll(async () => {
  // As the worker does at start-up (workers/job-handlers.ts): judging dispatches the lab's simulated judges through the registry.
  registerLabSimulatedJudges();
  projectId = (await makeProject(db, "lab-redteam")).id;
  ({ rubricVersionId } = await seedLabRubrics(db, { projectId }));
  await seedSimulatedJudges(db, projectId);
  const { tasks, traces } = scriptedLabRollouts({ seed: 501, count: 40 });
  await writePlantedTasks(db, { projectId, tasks });
  await storeTraces(db, { projectId, traces: traces.map((trace) => ({ trace, externalId: trace.externalId! })) });
});
afterAll(() => deleteProject(db, projectId));

async function run() {
  const request = redteamRequestSchema.parse({ rubricVersionId, rollouts: 24, judges: ["sim-length-biased", "sim-accurate-noisy"] });
  const job = await startRedteam(db, { projectId, request });
  const progress: number[] = [];
  const context = { db, jobId: job.id, projectId, attempt: 1, signal: new AbortController().signal, reportProgress: async (f: number) => void progress.push(f) };
  const report = (await redteamHandler.handle(job.payload, context)) as RedteamReport;
  return { job, report, progress };
}

describe("a red-team run of the lab's v1 rubric", () => {
  it("finds the refund-claim loophole with the truth unchanged, files it as found before training with a proposed check, and lists what did not move", async () => {
    const { report, progress } = await run();
    expect(progress.at(-1)).toBe(1);
    expect(report.truthSource).toMatch(/planted end state/);
    expect(report.honestRollouts).toBeGreaterThanOrEqual(10);
    const claim = report.families.find((f) => f.id === "claim_without_action:issue_refund")!;
    expect(claim.isLoophole).toBe(true);
    expect(claim.reward.low).toBeGreaterThan(0);
    expect(claim.truth.high).toBeLessThanOrEqual(0);
    expect(report.loopholes).toContain("claim_without_action:issue_refund");
    // Padding and confidence statements do not move a regex-and-tools rubric: tried, not found.
    const tried = report.families.filter((f) => !f.isLoophole).map((f) => f.id);
    expect(tried).toEqual(expect.arrayContaining(["pad_length", "state_confidence", "address_grader", "drop_tool_call"]));

    const edgeCase = await db.edgeCase.findUniqueOrThrow({ where: { id: claim.edgeCaseId! }, include: { examples: true } });
    expect(edgeCase.kind).toBe(FOUND_BEFORE_TRAINING);
    expect(edgeCase.examples.length).toBeGreaterThan(0);
    const pair = claim.examples[0]!;
    expect(pair.probeReward).toBeGreaterThan(pair.honestReward);
    expect(pair.probeTools).not.toContain("issue_refund");
    expect(pair.probeReply).toMatch(/refund .* has been issued/i);
    const hack = await db.knownHack.findUniqueOrThrow({ where: { id: claim.knownHackId! } });
    expect(hack.status).toBe("proposed");
    expect((hack.proposedItem as { polarity: string }).polarity).toBe("hack");

    // The length-biased simulated judge shows its bias with the right sign; the accurate one shows none on length.
    const lengthBiased = report.judgeBias.find((j) => j.judge === "sim-length-biased")!;
    expect(lengthBiased.biases.find((b) => b.id === "length")!.effect.low).toBeGreaterThan(0);
  });

  it("re-running records the same case and hack, not new ones", async () => {
    await run();
    const before = await db.edgeCase.count({ where: { projectId, kind: FOUND_BEFORE_TRAINING } });
    const hacksBefore = await db.knownHack.count({ where: { projectId } });
    await run();
    expect(await db.edgeCase.count({ where: { projectId, kind: FOUND_BEFORE_TRAINING } })).toBe(before);
    expect(await db.knownHack.count({ where: { projectId } })).toBe(hacksBefore);
  });
});
