import { z } from "zod";
import { parseJsonPath } from "./json-path";
import { patternIssue } from "./pattern-issue";

/**
 * Checks that read what the world said: a tool's result, and a value carried from one step to a
 * later one. Both read only logged tool calls and their results, as a real trace has them; a
 * result sent as a JSON string (OpenAI's tool message content) is read as JSON, plain text as text.
 */

export const jsonPathOps = ["exists", "equals", "not_equals", "truthy", "falsy", "gt", "lt"] as const;
const opSchema = z.enum(jsonPathOps);
const flagsSchema = z
  .string()
  .regex(/^[dgimsuvy]*$/)
  .optional();

/** Which calls of the tool a check reads: the first, the last, or any of them (yes when one matches). */
export const callSelectorSchema = z.enum(["first", "last", "any"]);
export type CallSelector = z.infer<typeof callSelectorSchema>;

function addPatternIssues(pattern: string, flags: string | undefined, group: number | undefined, ctx: z.core.$RefinementCtx, at: PropertyKey[]) {
  const issue = patternIssue(pattern, flags, group);
  if (issue) ctx.addIssue({ code: "custom", path: [...at, issue.field], message: issue.message });
}

function addPathIssues(path: string, ctx: z.core.$RefinementCtx, at: PropertyKey[]) {
  try {
    parseJsonPath(path);
  } catch (error) {
    ctx.addIssue({ code: "custom", path: [...at, "path"], message: error instanceof Error ? error.message : String(error) });
  }
}

function addOneOfIssue(value: { pattern?: string; path?: string }, ctx: z.core.$RefinementCtx, at: PropertyKey[]) {
  if ((value.pattern === undefined) === (value.path === undefined)) ctx.addIssue({ code: "custom", path: at, message: "give exactly one of pattern or path" });
}

/**
 * "Does `tool`'s result match?": a regex over the result's text (JSON results as their JSON text),
 * or a JSON path with an operator (as json_path on the end state). n/a when the tool was never
 * called, when the chosen call logged no result, or (path only) when the result is not JSON.
 */
export const toolResultCheckSchema = z
  .object({
    kind: z.literal("tool_result"),
    tool: z.string().min(1),
    call: callSelectorSchema.default("any"),
    pattern: z.string().min(1).optional(),
    flags: flagsSchema,
    path: z.string().min(1).optional(),
    op: opSchema.optional(),
    value: z.unknown().optional(),
  })
  .superRefine((check, ctx) => {
    addOneOfIssue(check, ctx, []);
    if (check.pattern !== undefined) addPatternIssues(check.pattern, check.flags, undefined, ctx, []);
    if (check.path !== undefined) {
      addPathIssues(check.path, ctx, []);
      const op = check.op ?? "exists";
      if (["equals", "not_equals", "gt", "lt"].includes(op) && check.value === undefined)
        ctx.addIssue({ code: "custom", path: ["value"], message: `op "${op}" needs a value` });
      else if ((op === "gt" || op === "lt") && typeof check.value !== "number")
        ctx.addIssue({ code: "custom", path: ["value"], message: `op "${op}" needs a numeric value` });
    }
  });
export type ToolResultCheck = z.infer<typeof toolResultCheckSchema>;

/** How a value is taken from what is read: which call, and a JSON path or a regex's capture group. */
const valueReadFields = {
  call: z.enum(["first", "last"]).default("last"),
  path: z.string().min(1).optional(),
  pattern: z.string().min(1).optional(),
  flags: flagsSchema,
  group: z.number().int().nonnegative().optional(),
};

function addValueReadIssues(source: { path?: string; pattern?: string; flags?: string; group?: number }, ctx: z.RefinementCtx) {
  if (source.pattern !== undefined) addPatternIssues(source.pattern, source.flags, source.group, ctx, []);
  if (source.path !== undefined) addPathIssues(source.path, ctx, []);
}

/** Where a carried value is read: a tool call's result (default) or its arguments; by JSON path or by a regex's capture group. */
const carriedSourceSchema = z
  .object({ tool: z.string().min(1), read: z.enum(["result", "arguments"]).default("result"), ...valueReadFields })
  .superRefine((source, ctx) => {
    addOneOfIssue(source, ctx, []);
    addValueReadIssues(source, ctx);
  });

const carriedTargetSchema = z.discriminatedUnion("target", [
  /** Every later call of `tool` has this argument equal to the value. */
  z.object({ target: z.literal("tool_argument"), tool: z.string().min(1), path: z.string().min(1) }).superRefine((t, ctx) => addPathIssues(t.path, ctx, [])),
  /** The final reply names the value (with `pattern`: what its capture group takes equals it). */
  z
    .object({ target: z.literal("final_reply"), pattern: z.string().min(1).optional(), flags: flagsSchema, group: z.number().int().nonnegative().optional() })
    .superRefine((t, ctx) => {
      if (t.pattern !== undefined) addPatternIssues(t.pattern, t.flags, t.group, ctx, []);
    }),
]);

/**
 * "Is the value `from` reads carried unchanged to `to`?" (the amount refunded equals the amount
 * looked up; the reply names the order acted on). Values compare as trimmed, case-insensitive
 * text, and as numbers when both read as amounts ("$40.00" equals 40). n/a when there is no value
 * to carry (tool never called, no result logged, nothing at the path or no capture) or nothing
 * to carry it to (no later call of the target tool, no final reply, the reply names no value).
 */
export const valueCarriedCheckSchema = z.object({ kind: z.literal("value_carried"), from: carriedSourceSchema, to: carriedTargetSchema });
export type ValueCarriedCheck = z.infer<typeof valueCarriedCheckSchema>;

/**
 * Where a compared value is read: a tool call's result or arguments (by JSON path or a regex's
 * capture), or a text the trace carries: the system prompt (what the agent was told, e.g. a
 * policy given as context), the user's messages, the final reply, by a regex's capture or whole
 * (whole only on the right of named_in / not_named_in).
 */
export const valueSourceSchema = z
  .object({ read: z.enum(["tool_result", "tool_arguments", "system", "user", "final_reply"]), tool: z.string().min(1).optional(), ...valueReadFields })
  .superRefine((source, ctx) => {
    const isTool = source.read === "tool_result" || source.read === "tool_arguments";
    if (isTool && source.tool === undefined) ctx.addIssue({ code: "custom", path: ["tool"], message: "name the tool whose call is read" });
    if (isTool) addOneOfIssue(source, ctx, []);
    if (!isTool && source.path !== undefined) ctx.addIssue({ code: "custom", path: ["path"], message: "a text is read by a pattern, not a JSON path" });
    addValueReadIssues(source, ctx);
  });
export type ValueSource = z.infer<typeof valueSourceSchema>;

export const comparisonOps = ["gt", "lt", "equals", "not_equals", "named_in", "not_named_in"] as const;

/**
 * "How does one value the trace carries compare with another?": the amount refunded is over the
 * threshold the system prompt's policy states; the days since delivery the user gives are over the
 * window it states; the order's condition is not named in it. gt and lt compare numbers (amounts
 * such as "$1,040.00" read as 1040), equals / not_equals as values_carried does, named_in and
 * not_named_in whether the right-hand text names the left value as a word. n/a when either side has
 * no value (tool never called, no result, nothing at the path, no capture, no such text) or, for
 * gt and lt, when one is not a number.
 */
export const valueComparedCheckSchema = z
  .object({ kind: z.literal("value_compared"), left: valueSourceSchema, op: z.enum(comparisonOps), right: valueSourceSchema })
  .superRefine((check, ctx) => {
    const isWhole = (source: ValueSource) => source.path === undefined && source.pattern === undefined;
    if (isWhole(check.left)) ctx.addIssue({ code: "custom", path: ["left"], message: "read one value: a path or a pattern's capture" });
    if (isWhole(check.right) && check.op !== "named_in" && check.op !== "not_named_in")
      ctx.addIssue({ code: "custom", path: ["right"], message: `op "${check.op}" compares one value: give a path or a pattern` });
  });
export type ValueComparedCheck = z.infer<typeof valueComparedCheckSchema>;
