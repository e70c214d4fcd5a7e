import type { Db } from "../db/client";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import { enqueueJob } from "../jobs/enqueue-job";
import { LAB_DIVERGENCE_PAIRS, labRunConfigSchema, type LabRunConfigInput } from "./lab-run-config";
import { labRunJob } from "./lab-run-job";
import { LAB_ENVIRONMENT } from "./lab-rubrics";
import { resolveLabRubricVersion } from "./resolve-lab-rubric-version";

/** Creates a queued lab TrainingRun on a rubric version and enqueues the job that trains it. */
export async function startLabRun(
  db: Db,
  { projectId, rubric, config, actor = systemActor }: { projectId: string; rubric?: string; config?: LabRunConfigInput; actor?: Actor },
) {
  const version = await resolveLabRubricVersion(db, { projectId, ref: rubric });
  const valid = labRunConfigSchema.parse(config ?? {});
  const run = await db.$transaction(async (tx) => {
    const created = await tx.trainingRun.create({
      data: {
        projectId,
        name: `lab v${version.version}${version.status === "approved" ? "" : ` (${version.status})`} seed ${valid.seed}`,
        trainer: "lab",
        status: "queued",
        environment: LAB_ENVIRONMENT,
        rubricVersionId: version.id,
        config: { ...valid, divergence: LAB_DIVERGENCE_PAIRS },
      },
    });
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: "lab.run_started",
      subjectType: "training_run",
      subjectId: created.id,
      details: { rubricVersionId: version.id, version: version.version, ...valid },
    });
    return created;
  });
  const { job } = await enqueueJob(db, labRunJob, { runId: run.id }, { projectId, idempotencyKey: run.id });
  return { run, job, rubricVersion: version };
}
