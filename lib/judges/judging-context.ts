import type { Db } from "../db/client";
import type { Rubric } from "../checks/rubric-item-schema";

/** What judging needs beyond the trace, loaded once per run and shared by every verdict. */
export type JudgingContext = {
  db: Db;
  projectId: string;
  signal?: AbortSignal;
  rubricFor: (environment: string | null | undefined) => Promise<Rubric | null>;
  rubricById: (rubricVersionId: string) => Promise<Rubric>;
  /** The task a trace answers, by the trace it came from or its task id (a red-team's truth memoises it: its probes share their honest rollout's task). */
  referenceTaskFor: (traceId: string, taskExternalId: string | null | undefined) => Promise<ReferenceTask | null>;
};
export type ReferenceTask = { externalId: string; referenceAnswer: string | null; plantedState: unknown };
