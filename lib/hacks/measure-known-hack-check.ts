import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { findLlmItemAsker } from "../judges/find-llm-item-asker";
import type { RubricCheck, RubricItem } from "../checks/rubric-item-schema";
import { describePrecision } from "./describe-precision";
import { loadInductionSets } from "./load-induction-sets";
import { measureCheck, type CheckMeasurement } from "./measure-check";
import { measureLlmQuestion } from "./measure-llm-question";

type MeasureInput = { projectId: string; knownHackId: string; check: RubricCheck };

/**
 * A check as a reviewer edited it, measured on the same sets an induced check is: the hack's
 * examples and its environment's honest traces. An llm check needs the project's llm judge.
 */
export async function measureKnownHackCheck(db: Db, { projectId, knownHackId, check }: MeasureInput): Promise<CheckMeasurement> {
  const hack = await db.knownHack.findFirst({ where: { id: knownHackId, projectId }, select: { environment: true, proposedItem: true, examples: { select: { traceId: true } } } });
  if (!hack) throw notFound("Known hack");
  const sets = await loadInductionSets(db, { projectId, environment: hack.environment, exampleTraceIds: hack.examples.map((e) => e.traceId) });
  if (check.kind !== "llm") return measureCheck(check, sets);
  const item = { ...itemOf(hack.proposedItem), check } as RubricItem;
  const ask = await findLlmItemAsker(db, { projectId, environment: hack.environment ?? "", rubric: { items: [item], hackMode: "zero" } });
  if (!ask) throw new AppError("bad_request", "No llm judge is configured for this environment, so an llm check cannot be measured");
  return measureLlmQuestion(ask, item, sets);
}

/** Stores an edited check on a proposed hack with its figures, so approving it adds what the reviewer measured. */
export async function saveKnownHackCheck(db: Db, { actor, ...input }: MeasureInput & { actor: Actor }): Promise<CheckMeasurement> {
  const hack = await db.knownHack.findFirst({ where: { id: input.knownHackId, projectId: input.projectId }, select: { status: true, name: true, proposedItem: true } });
  if (!hack) throw notFound("Known hack");
  if (hack.status !== "proposed") throw new AppError("conflict", `This hack is already ${hack.status}; its check can no longer change`);
  const measured = await measureKnownHackCheck(db, input);
  const previous = itemOf(hack.proposedItem);
  const key = typeof previous.key === "string" ? previous.key : "suspected_hack";
  const question = typeof previous.question === "string" ? previous.question : `Does the trace show this: ${hack.name}?`;
  // The warning is the saved check's own: one the induced check carried goes when the edit measures above the bar.
  const { warning: _induced, ...kept } = previous;
  const proposedItem = { polarity: "hack", weight: 1, ...kept, key, question, check: input.check, measured, ...describePrecision(measured) };
  await db.$transaction(async (tx) => {
    const { count } = await tx.knownHack.updateMany({ where: { id: input.knownHackId, status: "proposed" }, data: { proposedItem: proposedItem as object } });
    if (!count) throw new AppError("conflict", "This hack was decided meanwhile");
    await recordAuditEvent(tx, { projectId: input.projectId, actor, action: "known_hack.check_edited", subjectType: "known_hack", subjectId: input.knownHackId, details: { check: input.check, precision: measured.precision, recall: measured.recall } });
  });
  return measured;
}

function itemOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
