import { randomUUID } from "node:crypto";
import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import { providerOfDb, type Db } from "../db/client";
import { insertStatements, jsonText, timeText, type Columns } from "../db/insert-rows";
import { AppError } from "../errors/app-error";
import type { RegisterRunInput } from "./run-intake-schemas";

/**
 * A trainer's run, found by name or made: the same name in a project is the same run, so a trainer
 * that restarts (or several ranks that each register) lands on one run. Fields sent again update
 * the run; fields left out keep their value. The API-made run's name is also its externalId, whose
 * unique index makes concurrent registrations of one name meet on one row.
 *
 * With `resume`, a trainer's registration (POST /api/v1/runs) of a run that has finished or failed
 * reopens it: a trainer resumed from a checkpoint is running again, and its next `finished` ends it
 * again. Importing a log or scoring for a run by name (`resume` unset) leaves its status alone.
 */
export async function registerRun(db: Db, { projectId, input, actor, resume = false }: { projectId: string; input: RegisterRunInput; actor: Actor; resume?: boolean }) {
  if (input.rubricVersionId) await assertRubricVersionInProject(db, projectId, input.rubricVersionId);
  const fields = {
    ...(input.trainer ? { trainer: input.trainer } : {}),
    ...(input.environment ? { environment: input.environment } : {}),
    ...(input.rubricVersionId ? { rubricVersionId: input.rubricVersionId } : {}),
    ...(input.config ? { config: input.config as object } : {}),
  };
  const existing = await db.trainingRun.findFirst({ where: { projectId, name: input.name }, orderBy: { createdAt: "asc" } });
  if (existing) {
    const changed = Object.entries(fields).some(([field, value]) => JSON.stringify(existing[field as keyof typeof existing]) !== JSON.stringify(value));
    if (changed) await db.trainingRun.update({ where: { id: existing.id }, data: fields });
    // Reopened here or by a registration racing this one: either way it is running now.
    const ended = resume && endedStatuses.includes(existing.status);
    if (ended) await reopenRun(db, { projectId, actor, run: existing });
    return { run: changed || ended ? await db.trainingRun.findUniqueOrThrow({ where: { id: existing.id } }) : existing, created: false };
  }
  const id = randomUUID();
  const now = timeText(new Date());
  const row = [id, projectId, input.name, input.name, input.trainer ?? "external", "running", input.environment ?? null, input.rubricVersionId ?? null, jsonText(input.config), now, now];
  // ON CONFLICT DO NOTHING: a concurrent registration of the same name keeps the first row.
  const [insert] = insertStatements(db, providerOfDb(db), "TrainingRun", runColumns, [row], `ON CONFLICT ("projectId", "externalId") DO NOTHING`);
  const count = await insert!;
  const run = await db.trainingRun.findFirstOrThrow({ where: { projectId, externalId: input.name } });
  if (count === 1) {
    await recordAuditEvent(db, { projectId, actor, action: "run.registered", subjectType: "training_run", subjectId: run.id, details: { name: run.name, trainer: run.trainer } });
  }
  return { run, created: count === 1 };
}

const endedStatuses = ["finished", "failed"];

/** A trainer resumed from a checkpoint: the run is running again, audited once however many resumes race. */
async function reopenRun(db: Db, { projectId, actor, run }: { projectId: string; actor: Actor; run: { id: string; name: string; status: string; finishedAt: Date | null } }) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.trainingRun.updateMany({ where: { id: run.id, status: { in: endedStatuses } }, data: { status: "running", finishedAt: null } });
    if (count === 1) {
      await recordAuditEvent(tx, { projectId, actor, action: "run.reopened", subjectType: "training_run", subjectId: run.id, details: { name: run.name, was: run.status, finishedAt: run.finishedAt?.toISOString() ?? null } });
    }
  });
}

const runColumns: Columns = [
  ["id", "text"],
  ["projectId", "text"],
  ["name", "text"],
  ["externalId", "text"],
  ["trainer", "text"],
  ["status", "text"],
  ["environment", "text"],
  ["rubricVersionId", "text"],
  ["config", "json"],
  ["startedAt", "time"],
  ["createdAt", "time"],
];

async function assertRubricVersionInProject(db: Db, projectId: string, rubricVersionId: string) {
  const version = await db.rubricVersion.findFirst({ where: { id: rubricVersionId, rubric: { projectId } }, select: { id: true } });
  if (!version) throw new AppError("bad_request", "rubricVersionId names no rubric version of this project", [{ path: "rubricVersionId", message: "not found" }]);
}
