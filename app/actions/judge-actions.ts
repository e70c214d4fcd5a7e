"use server";

import { z } from "zod";
import { startJudgeRun } from "@/lib/judges/start-judge-run";
import type { TraceSelection } from "@/lib/judges/trace-selection";
import { serverAction } from "@/lib/next/server-action";

const startJudgeRunSchema = z
  .object({
    judgeIds: z.string().trim().min(1, "Pick at least one judge"),
    scope: z.enum(["environment", "run", "unjudged"]),
    environment: z.string().trim().max(200).optional(),
    runId: z.string().trim().max(200).optional(),
    limit: z.preprocess((value) => value || undefined, z.coerce.number().int("A whole number").min(1, "At least 1").max(50_000).optional()),
  })
  .refine((input) => input.scope !== "environment" || input.environment, { path: ["environment"], message: "Pick an environment" })
  .refine((input) => input.scope !== "run" || input.runId, { path: ["runId"], message: "Pick a run" });

/** /judges run panel: queues a judges.run job over the chosen traces; the form polls its progress. */
export const startJudgeRunAction = serverAction({ role: "reviewer", schema: startJudgeRunSchema }, async ({ judgeIds, scope, environment, runId, limit }, { db, member, actor }) => {
  const selection: TraceSelection =
    scope === "environment" ? { by: "query", query: { environment: environment! } } : scope === "run" ? { by: "run", runId: runId! } : { by: "unjudged", ...(environment ? { environment } : {}) };
  const { job } = await startJudgeRun(db, { projectId: member.projectId, judgeIds: judgeIds.split(","), selection, limit, actor });
  return { jobId: job.id };
});
