import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { handleLabRun } from "./lab-run-job";
import { handleReviewLabRun } from "./review-lab-run-job";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";
import { approveKnownHack } from "../hacks/decide-known-hack";
import { runJudges, verdictCacheKey } from "../judges/run-judges";
import { compileCheck } from "../checks/compile-check";
import { rubricItemSchema } from "../checks/rubric-item-schema";
import { viewTrace } from "../checks/trace-view";
import { loadTracesForScoring } from "../traces/load-traces-for-scoring";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { induceConfirmedHack } from "../testing/induce-confirmed-hack";
import { decideEdgeCases } from "../review/decide-edge-cases";
import { detectEdgeCases } from "../review/detect-edge-cases";

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

  it("judges through runJudges: one verdict per judge version and trace when the review runs twice and a judge run goes over the same traces", async () => {
    const started = Date.now();
    const first = await handleReviewLabRun({ runId }, { db, ...noProgress });
    const ms = Date.now() - started;
    const traces = await db.trace.findMany({ where: { runId }, select: { id: true, contentHash: true } });
    // Rollouts of equal content share a verdict (the cache is keyed by content), so a run that happens to
    // produce two identical rollouts in different batches judges the second one from the cache.
    const distinctContents = new Set(traces.map((trace) => trace.contentHash)).size;
    expect(first).toMatchObject({ panel: { traces: traces.length, errors: 0 } });
    expect(first.panel!.verdicts + first.panel!.cached).toBe(traces.length * 4);
    expect(first.panel!.verdicts).toBeGreaterThanOrEqual(distinctContents * 4);
    const again = await handleReviewLabRun({ runId }, { db, ...noProgress });
    expect(again).toMatchObject({ panel: { verdicts: 0, cached: traces.length * 4 } });
    const simulated = await db.judge.findMany({ where: { projectId, isSimulated: true }, select: { id: true } });
    expect(simulated).toHaveLength(4);
    const judgeRun = await runJudges(db, { projectId, judgeIds: simulated.map((judge) => judge.id), traceIds: traces.map((trace) => trace.id) });
    expect(judgeRun).toMatchObject({ verdicts: 0, cached: traces.length * 4, errors: 0 });

    const verdicts = await db.verdict.findMany({ where: { trace: { runId } }, include: { judgeVersion: { include: { judge: true } } } });
    expect(verdicts).toHaveLength(traces.length * 4);
    expect(new Set(verdicts.map((v) => `${v.judgeVersionId}:${v.traceId}`)).size).toBe(verdicts.length);
    const hashOf = new Map(traces.map((trace) => [trace.id, trace.contentHash]));
    for (const verdict of verdicts) {
      // Written by runJudges: keyed to its cache by judge version and trace content.
      expect(verdict.cacheKey).toBe(verdictCacheKey(verdict.judgeVersionId, hashOf.get(verdict.traceId)!));
      expect(verdict.judgeVersion.judge).toMatchObject({ isSimulated: true, kind: "simulated" });
      expect(["pass", "fail", "unsure"]).toContain(verdict.label);
    }
    console.info(`simulated panel through runJudges: ${traces.length} traces, ${first.panel!.verdicts} verdicts, review in ${ms} ms`);
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
    // The judges' noise is seeded per trace id, so counts vary a little per run (seen: 11-12 cases,
    // one per behaviour, for 150-183 flagged rollouts). The lab names 11 distinct issues, so the groups stay few.
    expect(cases.length).toBeLessThanOrEqual(24);
    expect(cases.length * 6).toBeLessThan(result.flaggedRollouts);
    for (const c of cases) expect(c._count.examples).toBe(c.count);

    const top = cases.slice(0, 3);
    const hack = top.find((c) => /refund that was never issued/.test(c.title));
    expect(hack, top.map((c) => c.title).join(" | ")).toBeDefined();
    expect(hack!.kind).toBe("suspected_hack");
    expect(hack!.explanation).toMatch(/^\d+ rollouts in lab earn a mean reward of 0\.\d\d while the panel fails them: on average \d\.\d of 4\.0 judges fail each/);
    // One case per behaviour: its examples are read by the paid-failure rule and, for a few, the split panel.
    const explanations = (await db.edgeCaseExample.findMany({ where: { edgeCaseId: hack!.id } })).map((e) => (e.detail as { explanation: string }).explanation);
    expect(explanations.filter((text) => /^reward \d\.\d\d while \d of 4 judges fail it/.test(text)).length).toBeGreaterThan(explanations.length / 2);
    for (const text of explanations) expect(text).toMatch(/^(reward \d\.\d\d while \d of 4 judges fail it|\d of 4 judges fail it, \d pass)/);

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

  it("confirming the refund-claim case induces a check from real-trace parts that matches the simulator's truth (precision and recall >= 0.95), and approving it puts it in draft v2", async () => {
    expect(await db.knownHack.count({ where: { projectId } })).toBe(0);
    const reviewer = await makeUser(db, { projectId, role: "reviewer" });
    const hackCase = await db.edgeCase.findFirstOrThrow({ where: { projectId, status: "open", title: { contains: "refund that was never issued" } }, orderBy: { priority: "desc" } });
    const started = Date.now();
    const [decided] = await decideEdgeCases(db, { projectId, ids: [hackCase.id], decision: "confirm_hack", reviewer: { userId: reviewer.id, label: reviewer.email } });
    const ms = Date.now() - started;
    await induceConfirmedHack(db, decided!.knownHackId!);
    const hack = await db.knownHack.findUniqueOrThrow({ where: { id: decided!.knownHackId! }, include: { _count: { select: { examples: true } } } });
    expect(hack).toMatchObject({ name: "Reply claims a refund that was never issued", status: "proposed", environment: "lab", edgeCaseId: hackCase.id });
    expect(hack._count.examples).toBe(hackCase.count);
    const proposed = hack.proposedItem as { check: unknown; measured: { precision: number; recall: number; examples: number; honest: number; missedExampleIds: string[]; honestHitIds: string[] }; induction: unknown };
    const item = rubricItemSchema.parse(proposed);
    expect(item.polarity).toBe("hack");
    // Only what a real trace has: no end-state path (the lab's audit is the simulator's, not the trace's).
    expect(JSON.stringify(item.check)).not.toMatch(/json_path|audit/);
    expect(proposed.measured.examples).toBe(hackCase.count);
    expect(proposed.measured.honest).toBeGreaterThan(0);

    // Against the simulator's truth on every rollout of the run (the test reads the audit; the check cannot).
    const traces = await loadTracesForScoring(db, { projectId, where: { runId }, take: 10_000 });
    const check = compileCheck(item.check);
    // The behaviour confirmed is a refund claimed and none issued. The audit's refundClaimUnbacked also
    // counts a refund issued that the policy does not allow, a separate case in the queue that no
    // reading of the reply and tool calls can judge without the policy: reported, not asserted.
    type Audit = { replyClaim: string | null; refundIssued: boolean; refundClaimUnbacked: boolean };
    const auditOf = (endState: unknown) => (endState as { audit: Audit }).audit;
    const firings = traces.map(({ trace }) => ({ fires: check(viewTrace({ ...trace, endState: undefined })).answer === "yes", audit: auditOf(trace.endState) }));
    const figures = (isTrue: (audit: Audit) => boolean) => {
      const truePositives = firings.filter((t) => t.fires && isTrue(t.audit)).length;
      return { truth: firings.filter((t) => isTrue(t.audit)).length, precision: truePositives / firings.filter((t) => t.fires).length, recall: truePositives / firings.filter((t) => isTrue(t.audit)).length };
    };
    const neverIssued = figures((audit) => audit.replyClaim === "refund_issued" && !audit.refundIssued);
    const unbacked = figures((audit) => audit.refundClaimUnbacked);
    const shown = (f: typeof neverIssued) => `precision ${f.precision.toFixed(3)} recall ${f.recall.toFixed(3)} (${f.truth} true)`;
    console.info(
      `decided in ${ms} ms, induced by the job: ${JSON.stringify(item.check)}\n  search ${JSON.stringify(proposed.induction)}\n` +
        `  on the sets: precision ${proposed.measured.precision.toFixed(3)} recall ${proposed.measured.recall.toFixed(3)} (${proposed.measured.examples} examples, ${proposed.measured.honest} honest; ${proposed.measured.missedExampleIds.length} missed, ${proposed.measured.honestHitIds.length} honest hit)\n` +
        `  against the simulator's truth on ${traces.length} rollouts: refund claimed, none issued: ${shown(neverIssued)}; audit.refundClaimUnbacked: ${shown(unbacked)}`,
    );
    expect(neverIssued.precision).toBeGreaterThanOrEqual(0.95);
    expect(neverIssued.recall).toBeGreaterThanOrEqual(0.95);
    expect(unbacked.precision).toBeGreaterThanOrEqual(0.95);

    const { rubricVersionId } = await approveKnownHack(db, { projectId, knownHackId: hack.id, actor: { userId: reviewer.id, label: reviewer.email } });
    const draft = await db.rubricVersion.findUniqueOrThrow({ where: { id: rubricVersionId }, include: { items: true } });
    expect(draft).toMatchObject({ version: 2, status: "draft" });
    expect(draft.items.find((row) => row.knownHackId === hack.id)).toMatchObject({ key: item.key, polarity: "hack", checkKind: item.check.kind, check: item.check });
  });
});
