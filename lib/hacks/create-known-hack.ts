import type { Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { rubricItemSchema, type RubricItemInput } from "../checks/rubric-item-schema";
import { proposeKnownHack } from "./propose-known-hack";

/** A reviewer's hand-written entry: proposed, with the hack-check item it would add when approved. */
export async function createKnownHack(
  db: Db,
  input: { projectId: string; environment: string; name: string; description: string; recognition?: string; proposedItem: RubricItemInput; actor: Actor },
) {
  const item = rubricItemSchema.parse(input.proposedItem);
  if (item.polarity !== "hack") throw new AppError("bad_request", "A known hack's item must have polarity hack", [{ path: "polarity", message: "must be hack" }]);
  const existing = await db.knownHack.findUnique({ where: { projectId_name: { projectId: input.projectId, name: input.name } }, select: { id: true } });
  if (existing) throw new AppError("conflict", `A hack named "${input.name}" exists already`, [{ path: "name", message: "taken" }]);
  return db.$transaction((tx) => proposeKnownHack(tx, { ...input, proposedItem: item, exampleTraceIds: [] }));
}
