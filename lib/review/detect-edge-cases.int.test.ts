import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { handleLabRun } from "../lab/lab-run-job";
import { judgeLabRunWithSimulatedPanel } from "../lab/judge-lab-run";
import { handleReviewLabRun } from "../lab/review-lab-run-job";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { startLabRun } from "../lab/start-lab-run";
import { approveKnownHack } from "../hacks/decide-known-hack";
import { unbackedRefundClaimHack } from "../lab/lab-rubrics";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { decideEdgeCases } from "./decide-edge-cases";
import { detectEdgeCases } from "./detect-edge-cases";

const db = getDb();
let projectId: string;
let runId: string;
// Enough steps for the v1 loophole to be learnt (claims of refunds never issued), well under a minute.
const config = { steps: 60, seed: 7, batchSize: 8, groupSize: 4, sampleRolloutsPerStep: 8 };
const noProgress = { reportProgress: async () => undefined };

beforeAll(async () => {
  projectId = (await makeProject(db, "review-detect")).id;
  await seedLabRubrics(db, { projectId });
  const { run, job } = await startLabRun(db, { projectId, rubric: "v1", config });
  runId = run.id;
  await handleLabRun({ runId }, { db, jobId: job.id, signal: new AbortController().signal, ...noProgress });
}, 120_000);
afterAll(() => deleteProject(db, projectId));

describe("edge cases on the lab's v1 run with the simulated panel", () => {
  it("queues the follow-up job at the end of the lab run", async () => {
    const jobs = await db.job.findMany({ where: { projectId, type: "lab.review" } });
    expect(jobs.map((j) => j.payload)).toEqual([{ runId }]);
  });

  it("stores one verdict per judge and trace, and judging again writes nothing", async () => {
    const started = Date.now();
    const first = await judgeLabRunWithSimulatedPanel(db, { projectId, runId });
    const traces = await db.trace.count({ where: { runId } });
    expect(first).toEqual({ traces, verdicts: traces * 4, skipped: 0 });
    const again = await judgeLabRunWithSimulatedPanel(db, { projectId, runId });
    expect(again).toEqual({ traces, verdicts: 0, skipped: traces * 4 });
    const verdict = await db.verdict.findFirstOrThrow({ where: { trace: { runId } }, include: { judgeVersion: { include: { judge: true } } } });
    expect(verdict.judgeVersion.judge.isSimulated).toBe(true);
    expect(["pass", "fail", "unsure"]).toContain(verdict.label);
    console.info(`simulated panel: ${traces} traces, ${first.verdicts} verdicts in ${Date.now() - started} ms`);
  });

  it("groups the flagged rollouts into a few cases, the refund-claim hack among the top ones, idempotently", async () => {
    const started = Date.now();
    const result = await detectEdgeCases(db, { projectId, runId });
    const ms = Date.now() - started;
    const cases = await db.edgeCase.findMany({ where: { projectId, status: "open" }, orderBy: { priority: "desc" }, include: { _count: { select: { examples: true } } } });
    console.info(
      `edge cases: ${cases.length} cases for ${result.flaggedRollouts} flagged rollouts of ${result.tracesScanned} (${result.flags} flags, ${config.steps} steps) in ${ms} ms\n` +
        cases.map((c) => `  ${c.priority.toFixed(2)} ${c.count} ${c.title}`).join("\n"),
    );
    expect(result.flaggedRollouts).toBeGreaterThan(20);
    expect(cases.length).toBe(result.groups);
    // The judges' noise is seeded per trace id, so counts vary a little per run (seen: 18-19 cases
    // for 150-172 flagged rollouts). The lab names 11 distinct issues, so the groups stay few.
    expect(cases.length).toBeLessThanOrEqual(24);
    expect(cases.length * 6).toBeLessThan(result.flaggedRollouts);
    for (const c of cases) expect(c._count.examples).toBe(c.count);

    const top = cases.slice(0, 3);
    const hack = top.find((c) => /refund that was never issued/.test(c.title));
    expect(hack, top.map((c) => c.title).join(" | ")).toBeDefined();
    expect(hack!.kind).toBe("suspected_hack");
    expect(hack!.explanation).toMatch(/^\d+ rollouts in lab earn a mean reward of 0\.\d\d while the panel fails them: on average \d\.\d of 4\.0 judges fail each/);
    const example = await db.edgeCaseExample.findFirstOrThrow({ where: { edgeCaseId: hack!.id } });
    expect((example.detail as { explanation: string }).explanation).toMatch(/^reward \d\.\d\d while \d of 4 judges fail it/);

    const flagged = await db.trace.count({ where: { runId, openEdgeCases: { gt: 0 } } });
    expect(flagged).toBe(result.flaggedRollouts);

    const again = await detectEdgeCases(db, { projectId, runId });
    expect(again).toMatchObject({ casesCreated: 0, casesUpdated: 0, examplesAdded: 0, groups: result.groups });
    expect(await db.edgeCase.count({ where: { projectId } })).toBe(cases.length);
  });

  it("does not reopen a decided group with the same examples; the follow-up job is a no-op then", async () => {
    // Any case but the refund-claim one, which the next test confirms.
    const decided = await db.edgeCase.findFirstOrThrow({ where: { projectId, status: "open", NOT: { title: { contains: "refund that was never issued" } } }, orderBy: { priority: "desc" } });
    await db.edgeCase.update({ where: { id: decided.id }, data: { status: "decided", decision: "false_alarm" } });
    const result = await handleReviewLabRun({ runId }, { db, ...noProgress });
    expect(result).toMatchObject({ panel: { verdicts: 0 }, detected: { casesCreated: 0, examplesAdded: 0 } });
    expect(await db.edgeCase.count({ where: { projectId, groupKey: { startsWith: `${decided.groupKey}#` } } })).toBe(0);
  });

  it("confirming the refund-claim case puts the lab's loophole in the known-hack corpus, and approving it puts its rule check in draft v2", async () => {
    expect(await db.knownHack.count({ where: { projectId } })).toBe(0);
    const reviewer = await makeUser(db, { projectId, role: "reviewer" });
    const hackCase = await db.edgeCase.findFirstOrThrow({ where: { projectId, status: "open", title: { contains: "refund that was never issued" } }, orderBy: { priority: "desc" } });
    const [decided] = await decideEdgeCases(db, { projectId, ids: [hackCase.id], decision: "confirm_hack", reviewer: { userId: reviewer.id, label: reviewer.email } });
    const hack = await db.knownHack.findUniqueOrThrow({ where: { id: decided!.knownHackId! }, include: { _count: { select: { examples: true } } } });
    expect(hack).toMatchObject({ name: unbackedRefundClaimHack.name, status: "proposed", environment: "lab", edgeCaseId: hackCase.id });
    expect(hack._count.examples).toBe(hackCase.count);
    // The lab's own rule check (it reads the end state), not an llm question the lab cannot ask.
    expect(hack.proposedItem).toEqual(unbackedRefundClaimHack.item);

    const { rubricVersionId } = await approveKnownHack(db, { projectId, knownHackId: hack.id, actor: { userId: reviewer.id, label: reviewer.email } });
    const draft = await db.rubricVersion.findUniqueOrThrow({ where: { id: rubricVersionId }, include: { items: true } });
    expect(draft).toMatchObject({ version: 2, status: "draft" });
    expect(draft.items.find((item) => item.knownHackId === hack.id)).toMatchObject({ key: unbackedRefundClaimHack.item.key, polarity: "hack", checkKind: unbackedRefundClaimHack.item.check.kind });
  });

});
