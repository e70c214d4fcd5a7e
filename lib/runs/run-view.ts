import type { TrainingRun } from "../db/generated/sqlite/client";

/** A run as the API answers it. */
export function toRunView(run: TrainingRun) {
  return {
    id: run.id,
    name: run.name,
    trainer: run.trainer,
    status: run.status,
    environment: run.environment,
    rubricVersionId: run.rubricVersionId,
    config: run.config,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
