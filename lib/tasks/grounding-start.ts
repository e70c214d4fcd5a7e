import { randomUUID } from "node:crypto";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/enqueue-job";
import { assertJudgeEndpointAllowed } from "../judges/judge-endpoint-policy";
import { groundingJob, type GroundingRequest } from "./grounding-job";

/** Queues a grounding A/B (a `tasks.grounding` job); an endpoint the operator does not allow or a judge of another project is refused here. */
export async function startGrounding(db: Db, { projectId, input, actor = systemActor }: { projectId: string; input: GroundingRequest; actor?: Actor }) {
  if (input.policy.kind === "endpoint") assertJudgeEndpointAllowed(input.policy.config);
  const judges = await db.judge.findMany({ where: { projectId, id: { in: input.judgeIds } }, select: { id: true, name: true, kind: true } });
  if (judges.length !== new Set(input.judgeIds).size) throw new AppError("not_found", "Judge not found");
  // A task id not of this project is refused as unknown, not queued to find nothing.
  if (input.taskIds) {
    const wanted = [...new Set(input.taskIds)];
    const found = new Set((await db.task.findMany({ where: { projectId, id: { in: wanted } }, select: { id: true } })).map((task) => task.id));
    // Which position, never which id: an error must not repeat an id that may be another project's.
    const missing = input.taskIds.flatMap((id, index) => (found.has(id) ? [] : [{ path: `taskIds.${index}`, message: "no such task in this project" }]));
    if (missing.length) throw new AppError("not_found", "Task not found", missing);
  }
  const imported = judges.filter((judge) => judge.kind === "imported");
  if (imported.length) throw new AppError("bad_request", `Imported judges cannot judge new rollouts: ${imported.map((judge) => judge.name).join(", ")}`);
  const { job } = await enqueueJob(db, groundingJob, input, { projectId, idempotencyKey: `tasks.grounding:${randomUUID()}` });
  await recordAuditEvent(db, { projectId, actor, action: "tasks.grounding_started", subjectType: "job", subjectId: job.id, details: { judges: judges.map((judge) => judge.name), policy: input.policy.kind === "endpoint" ? input.policy.config.model : input.policy.name } });
  return job;
}
