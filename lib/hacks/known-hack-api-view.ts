import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import type { KnownHackAnswer } from "./known-hack-answer-schemas";
import { listKnownHacks } from "./list-known-hacks";
import { pendingInductionOf } from "./pending-induction";

type ListedHack = Awaited<ReturnType<typeof listKnownHacks>>[number];

/**
 * A known hack as the REST API shows it. `check` is the check of the hack-check item it proposes
 * (or became); `precision` and `recall` are that check's measured figures on the confirmed
 * examples and the environment's honest traces, null while the check has not been measured.
 * `induction` is "measuring" while the hacks.induce job runs, "failed" (with `inductionError`) when
 * it gave up, and "done" once the check is in place.
 */
export function toApiKnownHack(hack: ListedHack): KnownHackAnswer {
  const item = isRecord(hack.proposedItem) ? hack.proposedItem : null;
  const measured = isRecord(item?.measured) ? item.measured : null;
  const pending = pendingInductionOf(item);
  return {
    id: hack.id,
    name: hack.name,
    status: hack.status,
    environment: hack.environment,
    description: hack.description,
    recognition: hack.recognition,
    check: item?.check ?? null,
    item,
    precision: typeof measured?.precision === "number" ? measured.precision : null,
    recall: typeof measured?.recall === "number" ? measured.recall : null,
    /** Set when the check's precision is low: approving it is then a visible choice. */
    warning: typeof item?.warning === "string" ? item.warning : null,
    nextBest: Array.isArray(item?.nextBest) ? item.nextBest : [],
    induction: pending?.status ?? "done",
    inductionError: pending?.error ?? null,
    examples: hack._count.examples,
    exampleTraceIds: hack.examples.map((example) => example.trace.id),
    edgeCaseId: hack.edgeCaseId,
    proposedBy: hack.proposedBy,
    createdAt: hack.createdAt.toISOString(),
    decidedBy: hack.decidedBy,
    decidedAt: hack.decidedAt?.toISOString() ?? null,
    decisionNote: hack.decisionNote,
    rubricItems: hack.rubricItems.map((row) => ({ id: row.id, key: row.key, rubricVersionId: row.rubricVersion.id, version: row.rubricVersion.version, status: row.rubricVersion.status })),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** One hack of the project in the API's shape; 404 for an id of another project or none. */
export async function findApiKnownHack(db: Db, { projectId, knownHackId }: { projectId: string; knownHackId: string }) {
  const [hack] = await listKnownHacks(db, { projectId, ids: [knownHackId] });
  if (!hack) throw notFound("Known hack");
  return toApiKnownHack(hack);
}
