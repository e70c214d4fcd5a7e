import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { seedJudgedTraces } from "../testing/seed-judged-traces";
import { decideEdgeCases } from "./decide-edge-cases";
import { detectEdgeCases } from "./detect-edge-cases";
import { UNDO_WINDOW_MS, undoEdgeCaseDecision } from "./undo-edge-case-decision";

const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string; email: string };

beforeAll(async () => {
  project = await makeProject(db, "review-undo");
  reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
});
afterAll(() => deleteProject(db, project.id));

const actor = () => ({ userId: reviewer.id, label: reviewer.email });
const openCases = () => db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" }, include: { examples: true } });

describe("undoing a decision", () => {
  it("withdraws the decision, the labels it wrote and the hack it proposed, reopens the case, and the audit keeps both events", async () => {
    const [hackCase] = await openCases();
    const traceIds = hackCase!.examples.map((e) => e.traceId);
    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "confirm_hack", note: "looks like the loophole", reviewer: actor() });
    expect(decided!.knownHackId).not.toBeNull();
    expect(await db.humanLabel.count({ where: { edgeCaseId: hackCase!.id } })).toBe(traceIds.length);

    const undone = await undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor() });
    expect(undone).toEqual({ id: hackCase!.id, decision: "confirm_hack", labelsWithdrawn: traceIds.length, knownHackWithdrawn: decided!.knownHackId, knownHackKept: null });

    const reopened = await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } });
    expect(reopened).toMatchObject({ status: "open", decision: null, decidedById: null, decidedAt: null, note: "looks like the loophole" });
    expect(await db.humanLabel.count({ where: { traceId: { in: traceIds } } })).toBe(0);
    expect(await db.knownHack.findUnique({ where: { id: decided!.knownHackId! } })).toBeNull();
    expect(await db.knownHackExample.count({ where: { knownHackId: decided!.knownHackId! } })).toBe(0);
    expect((await db.trace.findMany({ where: { id: { in: traceIds } } })).map((t) => t.openEdgeCases)).toEqual(traceIds.map(() => 1));

    const events = await db.auditEvent.findMany({ where: { projectId: project.id, subjectType: "edge_case", subjectId: hackCase!.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["edge_case.decided", "edge_case.decision_undone"]);
    expect(events[1]).toMatchObject({ actorId: reviewer.id, details: { decision: "confirm_hack", humanLabelsWithdrawn: traceIds.length, knownHackWithdrawn: decided!.knownHackId } });

    // Undone, it can be decided again, and undoing an open case is a conflict.
    await expect(undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor() })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/not decided/) });
    const [again] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "false_alarm", reviewer: actor() });
    expect(again!.labels).toBe(traceIds.length);
  });

  it("keeps a hack a reviewer already approved, and refuses after a day with a clear message", async () => {
    const [hackCase] = await openCases();
    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "confirm_hack", reviewer: actor() });
    const { decidedAt } = await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } });
    const later = (ms: number) => new Date(decidedAt!.getTime() + ms);
    await expect(undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor(), now: later(UNDO_WINDOW_MS + 60_000) })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/can be undone only within 24 hours/),
    });
    expect(await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } })).toMatchObject({ status: "decided" });
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "edge_case.decision_undone", subjectId: hackCase!.id } })).toBe(0);

    expect(decided!.knownHackId).not.toBeNull();
    await db.knownHack.update({ where: { id: decided!.knownHackId! }, data: { status: "approved" } });
    const undone = await undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor(), now: later(UNDO_WINDOW_MS - 60_000) });
    expect(undone).toMatchObject({ knownHackWithdrawn: null, knownHackKept: decided!.knownHackId });
    expect(await db.knownHack.findUnique({ where: { id: decided!.knownHackId! } })).toMatchObject({ status: "approved" });
  });
});
