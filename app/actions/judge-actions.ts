"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { JudgeConfigInput } from "@/lib/judges/judge-config-schema";
import { saveJudgeByName } from "@/lib/judges/save-judge-by-name";
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

const optionalNumber = z.preprocess((value) => (value === "" || value === undefined ? undefined : value), z.coerce.number().finite().nonnegative().optional());
const saveJudgeSchema = z.object({
  name: z.string().trim().min(1, "A name").max(100),
  kind: z.enum(["llm", "reference", "rule", "cot"]),
  /** cot: the chain-of-thought monitor's form; its llm form takes the llm fields below. */
  form: z.enum(["rule", "llm"]).optional(),
  /** cot rule form: one regular expression per line (case-insensitive); empty: the default cues. */
  patterns: z.string().max(20_000).optional(),
  environment: z.string().trim().max(200).optional(),
  provider: z.enum(["openai", "anthropic"]).optional(),
  baseUrl: z.preprocess((value) => value || undefined, z.url("A URL such as http://localhost:8000/v1").optional()),
  model: z.string().trim().max(200).optional(),
  temperature: optionalNumber,
  apiKeyEnv: z.preprocess((value) => value || undefined, z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "An environment variable name, e.g. OPENAI_API_KEY").optional()),
  concurrency: optionalNumber,
  pricePerMTokensIn: optionalNumber,
  pricePerMTokensOut: optionalNumber,
  rubricVersionId: z.string().trim().max(100).optional(),
  threshold: optionalNumber,
});

/** /judges "Add judge": creates a judge, or a new version of the one with that name. Admins configure the panel. */
export const saveJudgeAction = serverAction({ role: "admin", schema: saveJudgeSchema }, async (input, { db, member, actor }) => {
  const drop = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ""));
  const llmFields = { provider: input.provider, baseUrl: input.baseUrl, model: input.model ?? "", temperature: input.temperature, apiKeyEnv: input.apiKeyEnv, concurrency: input.concurrency, pricePerMTokensIn: input.pricePerMTokensIn, pricePerMTokensOut: input.pricePerMTokensOut };
  const patterns = (input.patterns ?? "").split("\n").map((line) => line.trim()).filter(Boolean).map((pattern) => ({ pattern, flags: "i" }));
  const config =
    input.kind === "llm"
      ? drop({ kind: "llm" as const, ...llmFields })
      : input.kind === "cot"
        ? input.form === "llm"
          ? drop({ kind: "cot" as const, form: "llm" as const, ...llmFields })
          : { kind: "cot" as const, form: "rule" as const, ...(patterns.length ? { patterns } : {}) }
        : input.kind === "rule"
        ? drop({ kind: "rule" as const, rubricVersionId: input.rubricVersionId ?? "", threshold: input.threshold })
        : { kind: "reference" as const };
  const saved = await saveJudgeByName(db, { projectId: member.projectId, name: input.name, environment: input.environment || null, config: config as JudgeConfigInput, actor });
  revalidatePath("/judges");
  return saved;
});
