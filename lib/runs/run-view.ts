import { z } from "zod";
import type { TrainingRun } from "../db/generated/sqlite/client";

/** What a run's status may be: a lab run's job status, or a trainer's run running, finished or failed. */
export const runStatuses = ["queued", "running", "succeeded", "finished", "failed", "cancelled"] as const;

/** A run as the API answers it. */
export const runViewSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    trainer: z.string().describe("lab | openrlhf | verl | trl | verifiers | other, or what the trainer named"),
    status: z.string().describe(runStatuses.join(" | ")),
    environment: z.string().nullable(),
    rubricVersionId: z.string().nullable(),
    config: z.unknown().describe("the trainer's config, kept as sent; null when none was sent"),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Run" });
export type RunView = z.infer<typeof runViewSchema>;

export function toRunView(run: TrainingRun): RunView {
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
