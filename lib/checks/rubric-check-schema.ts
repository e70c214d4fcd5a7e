import { z } from "zod";
import { parseJsonPath } from "./json-path";
import { patternIssue } from "./pattern-issue";
import { jsonPathOps, toolResultCheckSchema, valueCarriedCheckSchema, valueComparedCheckSchema } from "./world-check-schemas";

export * from "./world-check-schemas";

/**
 * How a rubric item is checked. Rule checks read only what a real trace has (its messages, tool
 * calls with their arguments, reasoning, final reply, and the end state when the caller sent
 * one); `all`, `any` and `not` compose rule checks; an `llm` check is answered by a judge and
 * stands alone (it cannot be composed). Stored items keep their check JSON as written here, so
 * every field added later must be optional with the old meaning as its default.
 */

export const regexTargetSchema = z.enum(["final_reply", "any_assistant", "reasoning", "tool_arguments", "system"]);
export type RegexTarget = z.infer<typeof regexTargetSchema>;

export const jsonPathOpSchema = z.enum(jsonPathOps);
export type JsonPathOp = z.infer<typeof jsonPathOpSchema>;

const regexFlagsSchema = z
  .string()
  .regex(/^[dgimsuvy]*$/, "Flags are letters from d g i m s u v y: i for any case, s for a dot that also matches line breaks, m for ^ and $ at each line")
  .refine((flags) => new Set(flags).size === flags.length, "Each flag letter once")
  .optional();

function refineRegex(pattern: string, flags: string | undefined, ctx: z.core.$RefinementCtx, path: string[], group?: number) {
  // Bad flags are reported at the flags field (regexFlagsSchema), not again as the engine's words at the pattern.
  if (!regexFlagsSchema.safeParse(flags).success) return;
  const issue = patternIssue(pattern, flags, group);
  if (issue) ctx.addIssue({ code: "custom", path: issue.field === "group" ? [...path.slice(0, -1), "group"] : path, message: issue.message });
}

function refineJsonPath(path: string, ctx: z.core.$RefinementCtx, at: string[]) {
  try {
    parseJsonPath(path);
  } catch (error) {
    ctx.addIssue({ code: "custom", path: at, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Where a value to compare a tool argument with is read from: a regex's capture group over the final reply or the user's turns. */
export const captureSourceSchema = z.enum(["final_reply", "user"]);

/**
 * A tool call's argument at `path` (a JSON path into its arguments, e.g. `order_id`), compared as
 * trimmed, case-insensitive text with either a literal `equals` or the value `from` captures.
 */
export const toolArgumentSchema = z
  .object({
    path: z.string().min(1),
    equals: z.union([z.string(), z.number(), z.boolean()]).optional(),
    from: z
      .object({
        source: captureSourceSchema,
        pattern: z.string().min(1),
        flags: regexFlagsSchema,
        /** Capture group to take; the whole match when the pattern has no group and this is left out. */
        group: z.number().int().nonnegative().optional(),
      })
      .optional(),
  })
  .superRefine((argument, ctx) => {
    refineJsonPath(argument.path, ctx, ["path"]);
    if ((argument.equals === undefined) === (argument.from === undefined)) ctx.addIssue({ code: "custom", path: [], message: "give exactly one of equals or from" });
    if (argument.from) refineRegex(argument.from.pattern, argument.from.flags, ctx, ["from", "pattern"], argument.from.group);
  });
export type ToolArgument = z.infer<typeof toolArgumentSchema>;

/** Inclusive bounds; at least one. */
const rangeShape = { min: z.number().int().nonnegative().optional(), max: z.number().int().nonnegative().optional() };
function refineRange({ min, max }: { min?: number; max?: number }, ctx: z.core.$RefinementCtx) {
  if (min === undefined && max === undefined) ctx.addIssue({ code: "custom", path: [], message: "give min, max or both" });
  if (min !== undefined && max !== undefined && min > max) ctx.addIssue({ code: "custom", path: ["max"], message: "max is below min" });
}

const regexCheckSchema = z
  .object({
    kind: z.literal("regex"),
    pattern: z.string().min(1),
    /** JavaScript RegExp flags; `g` and `y` are ignored (a check asks "is there a match"). */
    flags: regexFlagsSchema,
    target: regexTargetSchema.default("final_reply"),
    /** With target tool_arguments: only this tool's calls. */
    tool: z.string().min(1).optional(),
  })
  .superRefine((check, ctx) => refineRegex(check.pattern, check.flags, ctx, ["pattern"]));

/** "Was `tool` called (with this argument)?" / "Was it not?": each the other's negation. */
const toolCalledCheckSchema = z.object({ kind: z.literal("tool_called"), tool: z.string().min(1), argument: toolArgumentSchema.optional() });
const toolNotCalledCheckSchema = z.object({ kind: z.literal("tool_not_called"), tool: z.string().min(1), argument: toolArgumentSchema.optional() });

/**
 * "Was `before` called before `after`?": yes when `after` is called and some call of `before`
 * comes earlier than the first call of `after`; no when `after` is called with no earlier
 * `before`; n/a when `after` is never called (nothing to have done first).
 */
const toolOrderCheckSchema = z.object({ kind: z.literal("tool_order"), before: z.string().min(1), after: z.string().min(1) });

/** "Is the number of steps (or tool calls, of one tool if named, or assistant messages) within [min, max]?" */
const stepCountCheckSchema = z
  .object({ kind: z.literal("step_count"), count: z.enum(["steps", "tool_calls", "assistant_messages"]).default("steps"), tool: z.string().min(1).optional(), ...rangeShape })
  .superRefine((check, ctx) => {
    refineRange(check, ctx);
    if (check.tool !== undefined && check.count !== "tool_calls") ctx.addIssue({ code: "custom", path: ["tool"], message: "tool is only for count tool_calls" });
  });

/** "Is the final reply's length (characters or words) within [min, max]?"; n/a when there is no reply. */
const replyLengthCheckSchema = z.object({ kind: z.literal("reply_length"), unit: z.enum(["chars", "words"]).default("chars"), ...rangeShape }).superRefine(refineRange);

/** A path on `trace.endState`; see json-path.ts for the syntax and compile-json-path.ts for missing values. */
const jsonPathCheckSchema = z
  .object({ kind: z.literal("json_path"), path: z.string().min(1), op: jsonPathOpSchema, value: z.unknown().optional() })
  .superRefine((check, ctx) => {
    refineJsonPath(check.path, ctx, ["path"]);
    if (["equals", "not_equals", "gt", "lt"].includes(check.op) && check.value === undefined) ctx.addIssue({ code: "custom", path: ["value"], message: `op "${check.op}" needs a value` });
    else if ((check.op === "gt" || check.op === "lt") && typeof check.value !== "number") ctx.addIssue({ code: "custom", path: ["value"], message: `op "${check.op}" needs a numeric value` });
  });

/** Not evaluable by rules: always "n/a" to the rule evaluator; an LLM judge answers it. */
const llmCheckSchema = z.object({ kind: z.literal("llm"), prompt: z.string().min(1) });

const ruleCheckSchemas = [
  regexCheckSchema,
  toolCalledCheckSchema,
  toolNotCalledCheckSchema,
  toolOrderCheckSchema,
  stepCountCheckSchema,
  replyLengthCheckSchema,
  jsonPathCheckSchema,
  toolResultCheckSchema,
  valueCarriedCheckSchema,
  valueComparedCheckSchema,
] as const;
export const ruleCheckSchema = z.discriminatedUnion("kind", [...ruleCheckSchemas]);
export type RuleCheck = z.infer<typeof ruleCheckSchema>;
export type RuleCheckInput = z.input<typeof ruleCheckSchema>;

/**
 * Three-valued (yes / no / n/a) logic over rule checks; see combine-answers.ts. `implies` is a
 * condition: "when `when` holds, `then` must": `then`'s answer when `when` is yes, n/a when it is
 * no or n/a (the rule did not apply; write any(not(when), then) for the material implication).
 */
export type CompositeCheck =
  | { kind: "all" | "any"; checks: ComposableCheck[] }
  | { kind: "not"; check: ComposableCheck }
  | { kind: "implies"; when: ComposableCheck; then: ComposableCheck };
export type CompositeCheckInput =
  | { kind: "all" | "any"; checks: ComposableCheckInput[] }
  | { kind: "not"; check: ComposableCheckInput }
  | { kind: "implies"; when: ComposableCheckInput; then: ComposableCheckInput };
export type ComposableCheck = RuleCheck | CompositeCheck;
export type ComposableCheckInput = RuleCheckInput | CompositeCheckInput;

const childSchema: z.ZodType<ComposableCheck, ComposableCheckInput> = z.lazy(() => composableCheckSchema);
const allCheckSchema = z.object({ kind: z.literal("all"), checks: z.array(childSchema).min(1) });
const anyCheckSchema = z.object({ kind: z.literal("any"), checks: z.array(childSchema).min(1) });
const notCheckSchema = z.object({ kind: z.literal("not"), check: childSchema });
const impliesCheckSchema = z.object({ kind: z.literal("implies"), when: childSchema, then: childSchema });

export const composableCheckSchema = z.discriminatedUnion("kind", [...ruleCheckSchemas, allCheckSchema, anyCheckSchema, notCheckSchema, impliesCheckSchema]);

export const rubricCheckSchema = z.discriminatedUnion("kind", [...ruleCheckSchemas, allCheckSchema, anyCheckSchema, notCheckSchema, impliesCheckSchema, llmCheckSchema]);
export type RubricCheck = z.infer<typeof rubricCheckSchema>;
export type RubricCheckInput = z.input<typeof rubricCheckSchema>;
export type CheckKind = RubricCheck["kind"];
// A record, so adding a kind to the union and not here (or the reverse) fails to compile.
const kindsOffered: Record<CheckKind, true> = { llm: true, regex: true, tool_called: true, tool_not_called: true, tool_order: true, step_count: true, reply_length: true, json_path: true,
  tool_result: true,
  value_carried: true,
  value_compared: true,
  all: true,
  any: true,
  not: true,
  implies: true,
};
/** The kinds the editor forms offer. */
export const checkKindSchema = z.enum(Object.keys(kindsOffered) as [CheckKind, ...CheckKind[]]);
