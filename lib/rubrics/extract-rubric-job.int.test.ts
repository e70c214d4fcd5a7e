import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { acceptRubricCandidate, dropRubricCandidate } from "./decide-rubric-candidate";
import { extractRubricHandler } from "./extract-rubric-job";

const db = getDb();
let projectId: string;
let reviewer: { id: string; email: string };
let judgeVersions: string[];
const environment = "support";
beforeAll(async () => {
  projectId = (await makeProject(db, "extract")).id;
  reviewer = await makeUser(db, { projectId, role: "reviewer" });
  judgeVersions = [];
  for (const name of ["judge-a", "judge-b", "judge-c"]) {
    const judge = await db.judge.create({ data: { projectId, name, kind: "llm", versions: { create: { version: 1, config: {} } } }, include: { versions: true } });
    judgeVersions.push(judge.versions[0]!.id);
  }
});
afterAll(() => deleteProject(db, projectId));

type Vote = { label: "pass" | "fail"; issues?: string[]; rationale?: string };
async function traceWith(externalId: string, votes: Vote[], { env = environment }: { env?: string } = {}) {
  const trace = await db.trace.create({ data: { projectId, externalId, contentHash: externalId, source: "production", environment: env } });
  await db.verdict.createMany({
    data: votes.map((vote, i) => ({ projectId, traceId: trace.id, judgeVersionId: judgeVersions[i]!, label: vote.label, issues: vote.issues ?? [], rationale: vote.rationale ?? null })),
  });
  return trace.id;
}
const run = () => extractRubricHandler.handle({ projectId, environment }, { db, jobId: "job-1", projectId, attempt: 1, signal: new AbortController().signal, reportProgress: async () => undefined });

describe("rubrics.extract job", () => {
  it("clusters the issues of failing, disputed and human-decided traces into candidates, and updates them on a re-run", async () => {
    const failing = await traceWith("fail-1", [
      { label: "fail", issues: ["Claims a refund that was never issued"], rationale: "The reply says refunded; no refund in the end state." },
      { label: "fail", issues: ["claimed the refund was issued when it wasn't"], rationale: "Refund claimed, none issued." },
      { label: "fail", issues: ["Did not look up the order"] },
    ]);
    const disputed = await traceWith("split-1", [
      { label: "pass" },
      { label: "fail", issues: ["claims refund issued without issuing it"], rationale: "No issue_refund call." },
      { label: "pass" },
    ]);
    const human = await traceWith("human-1", [{ label: "pass" }, { label: "pass" }, { label: "pass" }]);
    await db.humanLabel.create({ data: { projectId, traceId: human, userId: reviewer.id, label: "fail", note: "never looked up the order" } });
    // Not a source: every judge passes it and no human decided it; and another environment.
    await traceWith("pass-1", [{ label: "pass", issues: ["Did not check the refund policy"] }, { label: "pass" }, { label: "pass" }]);
    await traceWith("other-env", [{ label: "fail", issues: ["Did not check the refund policy"] }], { env: "elsewhere" });

    const first = (await run()) as { sourceTraces: number; clusters: number; created: number };
    expect(first).toMatchObject({ sourceTraces: 3, clusters: 2, created: 2 });
    const candidates = await db.rubricCandidate.findMany({ where: { projectId, environment }, orderBy: { count: "desc" } });
    expect(candidates).toHaveLength(2);
    const refund = candidates.find((c) => (c.issues as string[]).includes("Claims a refund that was never issued"));
    const lookup = candidates.find((c) => (c.issues as string[]).includes("Did not look up the order"));
    expect(refund).toMatchObject({ count: 2, status: "candidate", polarity: "good" });
    // Without an llm judge the question is the template over the cluster's representative wording.
    expect((refund!.issues as string[]).map((issue) => `Is the trace free of this problem: "${issue}"?`)).toContain(refund!.question);
    expect((refund!.exampleTraceIds as string[]).sort()).toEqual([failing, disputed].sort());
    expect(new Set(refund!.issues as string[])).toEqual(new Set(["Claims a refund that was never issued", "claimed the refund was issued when it wasn't", "claims refund issued without issuing it"]));
    expect((refund!.rationales as string[]).length).toBe(3);
    expect(lookup).toMatchObject({ count: 2 });
    expect((lookup!.exampleTraceIds as string[]).sort()).toEqual([failing, human].sort());

    // A reviewer accepts one and drops the other; a new failing trace arrives; the job runs again.
    const accepted = await acceptRubricCandidate(db, { projectId, candidateId: refund!.id, actor: { userId: reviewer.id, label: reviewer.email }, edits: { polarity: "hack", question: "Does the reply claim a refund that was never issued?" } });
    await dropRubricCandidate(db, { projectId, candidateId: lookup!.id, actor: { userId: reviewer.id, label: reviewer.email } });
    const later = await traceWith("fail-2", [{ label: "fail", issues: ["Claims a refund that was never issued."] }, { label: "fail" }]);
    const second = (await run()) as { clusters: number; created: number };
    expect(second).toMatchObject({ clusters: 2, created: 0 });
    const after = await db.rubricCandidate.findUniqueOrThrow({ where: { id: refund!.id } });
    expect(after).toMatchObject({ count: 3, status: "accepted", rubricItemId: accepted.rubricItemId, clusterKey: refund!.clusterKey });
    expect(after.exampleTraceIds as string[]).toContain(later);
    expect((await db.rubricCandidate.findUniqueOrThrow({ where: { id: lookup!.id } })).status).toBe("dropped");

    const item = await db.rubricItem.findUniqueOrThrow({ where: { id: accepted.rubricItemId }, include: { rubricVersion: { include: { rubric: true } } } });
    expect(item).toMatchObject({ question: "Does the reply claim a refund that was never issued?", polarity: "hack", checkKind: "llm", rubricVersion: { status: "draft", rubric: { environment } } });
    expect(item.provenance).toMatchObject({ source: "extraction", candidateId: refund!.id, count: 2 });
  });
});
