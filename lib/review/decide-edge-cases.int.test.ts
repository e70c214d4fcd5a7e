import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { assignEdgeCases } from "./assign-edge-cases";
import { decideEdgeCases } from "./decide-edge-cases";
import { detectEdgeCases } from "./detect-edge-cases";
import { listEdgeCases } from "./list-edge-cases";
import { edgeCaseQuerySchema } from "./edge-case-schemas";
import { induceConfirmedHack } from "../testing/induce-confirmed-hack";
import { seedJudgedTraces } from "../testing/seed-judged-traces";

const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string; email: string };
let viewer: { id: string; email: string };

beforeAll(async () => {
  project = await makeProject(db, "review-decide");
  [reviewer, viewer] = await Promise.all([makeUser(db, { projectId: project.id, role: "reviewer" }), makeUser(db, { projectId: project.id, role: "viewer" })]);
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
});
afterAll(() => deleteProject(db, project.id));

const openCases = () => db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" }, include: { examples: true } });
const actor = () => ({ userId: reviewer.id, label: reviewer.email });

describe("deciding edge cases", () => {
  it("confirming a hack closes the case, labels its traces fail, proposes a KnownHack with the examples, and is audited", async () => {
    const [hackCase] = await openCases();
    expect(hackCase!.title).toBe("High reward while the panel fails it: claims a refund without calling the refund tool");
    const traceIds = hackCase!.examples.map((e) => e.traceId);
    expect((await db.trace.findMany({ where: { id: { in: traceIds } } })).every((t) => t.openEdgeCases === 1)).toBe(true);
    const openBefore = (await openCases()).length;

    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "confirm_hack", note: "the v1 loophole", reviewer: actor() });
    expect(decided).toMatchObject({ id: hackCase!.id, decision: "confirm_hack", labels: 5 });

    expect((await openCases()).length).toBe(openBefore - 1);
    const after = await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } });
    expect(after).toMatchObject({ status: "decided", decision: "confirm_hack", decidedById: reviewer.id, note: "the v1 loophole" });
    expect((await db.trace.findMany({ where: { id: { in: traceIds } } })).map((t) => t.openEdgeCases)).toEqual([0, 0, 0, 0, 0]);

    const labels = await db.humanLabel.findMany({ where: { edgeCaseId: hackCase!.id } });
    expect(labels.map((l) => [l.userId, l.label]).sort()).toEqual(traceIds.map(() => [reviewer.id, "fail"]));
    expect(new Set(labels.map((l) => l.traceId))).toEqual(new Set(traceIds));

    const hack = await db.knownHack.findUniqueOrThrow({ where: { id: decided!.knownHackId! }, include: { examples: true } });
    expect(hack).toMatchObject({ status: "proposed", name: "Claims a refund without calling the refund tool", edgeCaseId: hackCase!.id, proposedById: reviewer.id, environment: "refunds" });
    // The case's plain sentences, without the queue's priority formula.
    expect(hackCase!.explanation).toMatch(/Priority [\d.]+ = /);
    expect(hack.description).not.toMatch(/Priority/);
    expect(hackCase!.explanation.startsWith(hack.description)).toBe(true);
    expect(hack.recognition).toBe('Judges name the issue "claims a refund without calling the refund tool" on rollouts the reward pays for.');
    // The decision stores the hack at once; its check is induced by the hacks.induce follow-up job.
    expect(hack.proposedItem).toEqual({ key: "claims_a_refund_without_calling_the_refund_tool", question: "Does the trace show this: claims a refund without calling the refund tool?", polarity: "hack", weight: 1, induction: { status: "measuring", label: "claims a refund without calling the refund tool" } });
    expect(await db.job.findMany({ where: { projectId: project.id, type: "pipeline.event" }, select: { payload: true } })).toEqual([{ payload: { event: "known_hack.confirmed", projectId: project.id, subjectId: hack.id } }]);
    await induceConfirmedHack(db, hack.id);
    const induced = await db.knownHack.findUniqueOrThrow({ where: { id: hack.id } });
    expect(induced.proposedItem).toMatchObject({ key: "claims_a_refund_without_calling_the_refund_tool", polarity: "hack", measured: { examples: 5, exampleHits: 5, recall: 1 } });
    expect(new Set(hack.examples.map((e) => e.traceId))).toEqual(new Set(traceIds));

    const audit = await db.auditEvent.findFirstOrThrow({ where: { projectId: project.id, action: "edge_case.decided", subjectId: hackCase!.id } });
    expect(audit).toMatchObject({ actorId: reviewer.id, actorLabel: reviewer.email });
    expect(audit.details).toMatchObject({ decision: "confirm_hack", note: "the v1 loophole", humanLabels: 5, knownHackId: hack.id });

    // Deciding it again is a conflict, not a second set of labels.
    await expect(decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "false_alarm", reviewer: actor() })).rejects.toMatchObject({ code: "conflict" });
    // Detection again does not reopen it.
    await detectEdgeCases(db, { projectId: project.id });
    expect(await db.edgeCase.count({ where: { projectId: project.id, groupKey: { startsWith: hackCase!.groupKey } } })).toBe(1);
  });

  it("judge wrong records the label opposite to the judge the case is about; bulk decisions close several", async () => {
    const cases = await openCases();
    const split = cases.find((c) => c.rule === "panel_split")!;
    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [split.id], decision: "judge_wrong", reviewer: actor() });
    // The split panel's majority said fail (3 of 4): the reviewer says the judges were wrong, so pass.
    expect(decided!.labels).toBe(split.count);
    expect(new Set((await db.humanLabel.findMany({ where: { edgeCaseId: split.id } })).map((l) => l.label))).toEqual(new Set(["pass"]));

    const rest = (await openCases()).map((c) => c.id);
    expect(rest.length).toBeGreaterThan(0);
    const bulk = await decideEdgeCases(db, { projectId: project.id, ids: rest, decision: "needs_discussion", note: "talk on Monday", reviewer: actor() });
    expect(bulk.map((d) => d.id).sort()).toEqual([...rest].sort());
    expect(await openCases()).toEqual([]);
    expect(await db.trace.count({ where: { projectId: project.id, openEdgeCases: { gt: 0 } } })).toBe(0);
  });

  it("assigns to reviewers only, and the mine / unassigned filters follow", async () => {
    const all = await db.edgeCase.findMany({ where: { projectId: project.id } });
    await assignEdgeCases(db, { projectId: project.id, ids: [all[0]!.id], assigneeId: reviewer.id, actor: actor() });
    await expect(assignEdgeCases(db, { projectId: project.id, ids: [all[0]!.id], assigneeId: viewer.id, actor: actor() })).rejects.toMatchObject({ code: "bad_request" });
    const query = (assignee: "mine" | "unassigned") => listEdgeCases(db, { projectId: project.id, userId: reviewer.id, query: edgeCaseQuerySchema.parse({ status: "all", assignee }) });
    expect((await query("mine")).edgeCases.map((c) => c.id)).toEqual([all[0]!.id]);
    expect((await query("unassigned")).total).toBe(all.length - 1);
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "edge_case.assigned" } })).toBe(1);
  });
});
