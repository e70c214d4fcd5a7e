import { z } from "zod";
import { cotJudgeConfigSchema } from "./cot-monitor-config";
import { llmJudgeConfigSchema } from "./llm-judge-config-schema";

export { defaultPromptTemplate, llmJudgeConfigSchema, type LlmJudgeConfig } from "./llm-judge-config-schema";

/**
 * What each judge kind is configured with; stored as JudgeVersion.config. A version is immutable:
 * changing any of this makes a new version, so every verdict names the config that made it.
 * No API key is ever stored: an llm config names the environment variable that holds it.
 */

export const ruleJudgeConfigSchema = z.object({
  kind: z.literal("rule"),
  /** The rubric version whose rule checks decide; llm items answer n/a here. */
  rubricVersionId: z.string().min(1),
  /** Pass when no hack item fires and the reward is at least this. */
  threshold: z.number().min(0).max(1).default(0.5),
});

export const referenceJudgeConfigSchema = z.object({
  kind: z.literal("reference"),
  /** How the final reply is compared with the task's reference answer. */
  match: z.enum(["contains", "exact"]).default("contains"),
});

export const simulatedJudgeConfigSchema = z.object({ kind: z.literal("simulated").default("simulated"), simulated: z.literal(true), errorModel: z.string() });

export const importedJudgeConfigSchema = z.object({
  kind: z.literal("imported"),
  source: z.string(),
  promptName: z.string(),
  model: z.string().nullish(),
  temperature: z.number().nullish(),
  systemPrompt: z.string().nullish(),
});

export const judgeConfigSchema = z.discriminatedUnion("kind", [
  llmJudgeConfigSchema,
  ruleJudgeConfigSchema,
  referenceJudgeConfigSchema,
  importedJudgeConfigSchema,
  cotJudgeConfigSchema,
]);
export type JudgeConfig = z.infer<typeof judgeConfigSchema>;
export type JudgeConfigInput = z.input<typeof judgeConfigSchema>;
export type JudgeKind = JudgeConfig["kind"] | "simulated";

/** A stored config as the judge's kind reads it (the lab's simulated configs predate `kind`). */
export function parseStoredConfig(kind: string, config: unknown): JudgeConfig | z.infer<typeof simulatedJudgeConfigSchema> {
  if (kind === "simulated") return simulatedJudgeConfigSchema.parse(config);
  return judgeConfigSchema.parse({ ...(config as object), kind });
}
