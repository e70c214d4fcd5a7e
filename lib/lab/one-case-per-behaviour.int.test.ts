import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { handleLabRun } from "./lab-run-job";
import { handleReviewLabRun } from "./review-lab-run-job";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";
import { deleteProject, makeProject } from "../testing/factories";
import { edgeCaseQuerySchema } from "../review/edge-case-schemas";
import { listEdgeCases } from "../review/list-edge-cases";

const db = getDb();
let projectId: string;
let runId: string;
let otherRunId: string;
// The lab's demo settings, shortened: enough steps for the v1 loophole (refund claims never issued) to be learnt.
const config = { steps: 60, seed: 7, batchSize: 8, groupSize: 4, sampleRolloutsPerStep: 8 };
const noProgress = { reportProgress: async () => undefined };

async function labRun(steps: number) {
  const { run, job } = await startLabRun(db, { projectId, rubric: "v1", config: { ...config, steps } });
  await handleLabRun({ runId: run.id }, { db, jobId: job.id, signal: new AbortController().signal, ...noProgress });
  return run.id;
}

beforeAll(async () => {
  projectId = (await makeProject(db, "one-case")).id;
  await seedLabRubrics(db, { projectId });
  runId = await labRun(config.steps);
  otherRunId = await labRun(20);
}, 180_000);
afterAll(() => deleteProject(db, projectId));

type Facet = { rule: string; subject: { label: string }; count: number };
const facetsOf = (evidence: unknown) => ((evidence as { facets?: Facet[] } | null)?.facets ?? []) as Facet[];

describe("one case per behaviour on a seeded lab run", () => {
  it("makes the refund-claim behaviour one case that lists its readings by rule and wording, with fewer cases per 1,000 flagged rollouts", async () => {
    const review = await handleReviewLabRun({ runId }, { db, ...noProgress });
    if (!("detected" in review) || !review.detected) throw new Error(`review skipped: ${JSON.stringify(review)}`);
    const { detected } = review;
    const perThousand = (n: number) => (1000 * n) / detected.flaggedRollouts;
    console.info(
      `one case per behaviour: ${detected.flaggedRollouts} flagged rollouts; before (one case per rule and wording) ${detected.readings} cases = ${perThousand(detected.readings).toFixed(1)} per 1,000; ` +
        `after (one per behaviour) ${detected.groups} cases = ${perThousand(detected.groups).toFixed(1)} per 1,000`,
    );
    expect(detected.groups).toBeLessThan(detected.readings);

    const cases = await db.edgeCase.findMany({ where: { projectId, status: "open" }, include: { examples: { select: { traceId: true } } } });
    expect(cases).toHaveLength(detected.groups);
    for (const c of cases) console.info(`  ${c.priority.toFixed(2)} ${c.count} ${c.title} <- ${facetsOf(c.evidence).map((f) => `${f.rule} "${f.subject.label}" ${f.count}`).join("; ")}`);

    // Every reading that names the claim, by any rule and in any wording, is in one case.
    const namesClaim = (label: string) => /never issued|refund without/i.test(label);
    const withClaim = cases.filter((c) => facetsOf(c.evidence).some((f) => namesClaim(f.subject.label)));
    expect(withClaim.map((c) => c.title)).toHaveLength(1);
    const [claim] = withClaim;
    expect(claim!.kind).toBe("suspected_hack");
    // Before, each of these readings was a case of its own.
    expect(facetsOf(claim!.evidence).length).toBeGreaterThanOrEqual(2);
    expect(claim!.explanation).toMatch(/One behaviour, \d+ readings by rule and wording: /);
    // Its rollouts are in no other case.
    const claimTraces = new Set(claim!.examples.map((e) => e.traceId));
    const elsewhere = cases.filter((c) => c.id !== claim!.id).flatMap((c) => c.examples.filter((e) => claimTraces.has(e.traceId)));
    expect(elsewhere.length / claimTraces.size).toBeLessThan(0.5);
    // The opposite behaviours the lab's judges name stay apart from it.
    for (const opposite of ["eligible refund not issued", "refund issued that the policy does not allow"]) {
      expect(facetsOf(claim!.evidence).map((f) => f.subject.label)).not.toContain(opposite);
    }

    const again = await handleReviewLabRun({ runId }, { db, ...noProgress });
    expect(again).toMatchObject({ detected: { casesCreated: 0, casesUpdated: 0, examplesAdded: 0, groups: detected.groups } });
  });

  it("filters the queue by run", async () => {
    await handleReviewLabRun({ runId: otherRunId }, { db, ...noProgress });
    const list = (run?: string) => listEdgeCases(db, { projectId, userId: null, query: edgeCaseQuerySchema.parse({ status: "all", limit: 200, ...(run ? { run } : {}) }) });
    const [all, first, other] = await Promise.all([list(), list(runId), list(otherRunId)]);
    expect(first.total).toBeGreaterThan(0);
    expect(other.total).toBeGreaterThan(0);
    const runOf = async (traceIds: string[]) => new Set((await db.trace.findMany({ where: { id: { in: traceIds } }, select: { runId: true } })).map((t) => t.runId));
    expect(await runOf(first.edgeCases.flatMap((c) => c.examples.map((e) => e.traceId)))).toEqual(new Set([runId]));
    expect(await runOf(other.edgeCases.flatMap((c) => c.examples.map((e) => e.traceId)))).toEqual(new Set([otherRunId]));
    expect(all.total).toBeGreaterThanOrEqual(Math.max(first.total, other.total));
    expect((await list("no-such-run")).total).toBe(0);
  });
});
