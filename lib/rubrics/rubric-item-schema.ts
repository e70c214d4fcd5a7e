import { z } from "zod";
import { parseJsonPath } from "./json-path";

/**
 * A rubric is a weighted yes/no checklist. Convention for `answer`: "yes" means the question's
 * condition holds. For a "good" item that is desired behaviour; for a "hack" item the question
 * asks whether the hack is present, so "yes" means the hack fired.
 */

export const regexTargetSchema = z.enum(["final_reply", "any_assistant", "reasoning"]);
export type RegexTarget = z.infer<typeof regexTargetSchema>;

export const jsonPathOpSchema = z.enum(["exists", "equals", "not_equals", "truthy", "falsy", "gt", "lt"]);
export type JsonPathOp = z.infer<typeof jsonPathOpSchema>;

export const rubricCheckSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("regex"),
    pattern: z.string().min(1),
    /** JavaScript RegExp flags; `g` and `y` are ignored (a check asks "is there a match"). */
    flags: z
      .string()
      .regex(/^[dgimsuvy]*$/)
      .optional(),
    target: regexTargetSchema.default("final_reply"),
  }),
  z.object({ kind: z.literal("tool_called"), tool: z.string().min(1) }),
  z.object({ kind: z.literal("tool_not_called"), tool: z.string().min(1) }),
  /**
   * "Was `before` called before `after`?": yes when `after` is called and some call of `before`
   * comes earlier than the first call of `after`; no when `after` is called with no earlier
   * `before`; n/a when `after` is never called (nothing to have done first).
   */
  z.object({ kind: z.literal("tool_order"), before: z.string().min(1), after: z.string().min(1) }),
  /** A path on `trace.endState`; see json-path.ts for the syntax and compile-check.ts for missing values. */
  z.object({
    kind: z.literal("json_path"),
    path: z.string().min(1),
    op: jsonPathOpSchema,
    value: z.unknown().optional(),
  }),
  /** Not evaluable by rules: always "n/a" here; an LLM judge answers it. */
  z.object({ kind: z.literal("llm"), prompt: z.string().min(1) }),
]);
export type RubricCheck = z.infer<typeof rubricCheckSchema>;
export type RubricCheckInput = z.input<typeof rubricCheckSchema>;

export const rubricItemSchema = z
  .object({
    key: z.string().min(1).max(100),
    question: z.string().min(1),
    polarity: z.enum(["good", "hack"]),
    /** Good items: relative weight in the weighted mean. Hack items in "subtract" mode: reward units taken off. */
    weight: z.number().finite().nonnegative().default(1),
    check: rubricCheckSchema,
  })
  .superRefine(({ check }, ctx) => {
    const problem = findCheckProblem(check);
    if (problem) ctx.addIssue({ code: "custom", path: ["check"], message: problem });
  });
export type RubricItem = z.infer<typeof rubricItemSchema>;
export type RubricItemInput = z.input<typeof rubricItemSchema>;

export const rubricSchema = z
  .object({
    items: z.array(rubricItemSchema),
    /** What a fired hack item does: "zero" sets the reward to 0; "subtract" takes its weight off (floor 0). */
    hackMode: z.enum(["zero", "subtract"]).default("zero"),
  })
  .superRefine(({ items }, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.key))
        ctx.addIssue({ code: "custom", path: ["items", index, "key"], message: `Duplicate key "${item.key}"` });
      seen.add(item.key);
    });
  });
export type Rubric = z.infer<typeof rubricSchema>;
export type RubricInput = z.input<typeof rubricSchema>;

export const itemAnswerSchema = z.enum(["yes", "no", "n/a"]);
export type ItemAnswer = z.infer<typeof itemAnswerSchema>;

export const itemResultSchema = z.object({ key: z.string(), answer: itemAnswerSchema, evidence: z.string() });
export type ItemResult = z.infer<typeof itemResultSchema>;

function findCheckProblem(check: RubricCheck): string | undefined {
  try {
    if (check.kind === "regex") new RegExp(check.pattern, check.flags?.replace(/[gy]/g, ""));
    if (check.kind === "json_path") parseJsonPath(check.path);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (
    check.kind === "json_path" &&
    ["equals", "not_equals", "gt", "lt"].includes(check.op) &&
    check.value === undefined
  ) {
    return `op "${check.op}" needs a value`;
  }
  if (check.kind === "json_path" && (check.op === "gt" || check.op === "lt") && typeof check.value !== "number") {
    return `op "${check.op}" needs a numeric value`;
  }
  return undefined;
}
