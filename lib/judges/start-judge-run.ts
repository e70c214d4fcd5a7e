import { randomUUID } from "node:crypto";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { enqueueJob } from "../jobs/enqueue-job";
import { judgesRunJob } from "./judges-run-job";
import type { TraceSelection } from "./trace-selection";

/** Queues a judge run (a `judges.run` job) for judges of the project over a selection of traces. */
export async function startJudgeRun(db: Db, { projectId, judgeIds, selection, limit, actor = systemActor }: { projectId: string; judgeIds: string[]; selection: TraceSelection; limit?: number; actor?: Actor }) {
  const judges = await db.judge.findMany({ where: { projectId, id: { in: judgeIds } }, select: { id: true, name: true, kind: true } });
  if (judges.length !== new Set(judgeIds).size) throw new AppError("not_found", "Judge not found");
  // A run not of this project is refused as unknown, not queued to judge nothing.
  if (selection.by === "run" && !(await db.trainingRun.findFirst({ where: { projectId, id: selection.runId }, select: { id: true } }))) throw notFound("Run");
  const importedOnly = judges.filter((judge) => judge.kind === "imported");
  if (importedOnly.length) throw new AppError("bad_request", `Imported judges cannot be run: ${importedOnly.map((j) => j.name).join(", ")}`);
  const { job } = await enqueueJob(db, judgesRunJob, { judgeIds, selection, ...(limit ? { limit } : {}) }, { projectId, idempotencyKey: `judges.run:${randomUUID()}` });
  await recordAuditEvent(db, { projectId, actor, action: "judges.run_started", subjectType: "job", subjectId: job.id, details: { judges: judges.map((j) => j.name), selection: selection.by } });
  return { job, judges };
}
