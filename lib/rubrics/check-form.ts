import type { z } from "zod";
import { rubricCheckSchema, type CheckKind, type JsonPathOp, type RegexTarget, type RubricCheckInput } from "../checks/rubric-check-schema";
import {
  emptyToolResultForm,
  emptyValueCarriedForm,
  emptyValueComparedForm,
  parseValue,
  showValue,
  toolResultFromForm,
  toolResultToForm,
  valueCarriedFromForm,
  valueCarriedToForm,
  valueComparedFromForm,
  valueComparedToForm,
  type ToolResultForm,
  type ValueCarriedForm,
  type ValueComparedForm,
} from "./world-check-form";

/**
 * The editor's form state for a check: every field as the text its input holds, nested for the
 * composed kinds. `checkFromForm` turns it into the check the server validates (empty text is
 * "left out", numbers stay NaN when they do not parse so the schema names the field), and
 * `formFromCheck` is its inverse for a stored check.
 */
export type ArgumentForm = {
  path: string;
  compare: "equals" | "from";
  equals: string;
  source: "final_reply" | "user";
  pattern: string;
  flags: string;
  group: string;
};
export type CheckForm =
  | { kind: "llm"; prompt: string }
  | { kind: "regex"; pattern: string; flags: string; target: RegexTarget; tool: string }
  | { kind: "tool_called" | "tool_not_called"; tool: string; hasArgument: boolean; argument: ArgumentForm }
  | { kind: "tool_order"; before: string; after: string }
  | { kind: "step_count"; count: "steps" | "tool_calls" | "assistant_messages"; tool: string; min: string; max: string }
  | { kind: "reply_length"; unit: "chars" | "words"; min: string; max: string }
  | { kind: "json_path"; path: string; op: JsonPathOp; value: string }
  | ToolResultForm
  | ValueCarriedForm
  | ValueComparedForm
  | { kind: "all" | "any"; checks: CheckForm[] }
  | { kind: "not"; check: CheckForm }
  | { kind: "implies"; when: CheckForm; then: CheckForm };

const emptyArgument: ArgumentForm = { path: "", compare: "equals", equals: "", source: "final_reply", pattern: "", flags: "", group: "" };

export function emptyCheckForm(kind: CheckKind): CheckForm {
  switch (kind) {
    case "llm":
      return { kind, prompt: "" };
    case "regex":
      return { kind, pattern: "", flags: "", target: "final_reply", tool: "" };
    case "tool_called":
    case "tool_not_called":
      return { kind, tool: "", hasArgument: false, argument: emptyArgument };
    case "tool_order":
      return { kind, before: "", after: "" };
    case "step_count":
      return { kind, count: "steps", tool: "", min: "", max: "" };
    case "reply_length":
      return { kind, unit: "chars", min: "", max: "" };
    case "json_path":
      return { kind, path: "", op: "exists", value: "" };
    case "all":
    case "any":
      return { kind, checks: [emptyCheckForm("tool_called")] };
    case "not":
      return { kind, check: emptyCheckForm("tool_called") };
    case "tool_result":
      return emptyToolResultForm;
    case "value_carried":
      return emptyValueCarriedForm;
    case "value_compared":
      return emptyValueComparedForm;
    case "implies":
      return { kind, when: emptyCheckForm("tool_result"), then: emptyCheckForm("tool_not_called") };
  }
}

const optionalText = (text: string) => (text.trim() === "" ? undefined : text);
const optionalNumber = (text: string) => (text.trim() === "" ? undefined : Number(text));
const textOf = (value: unknown) => (value === undefined || value === null ? "" : String(value));

function argumentFromForm(form: ArgumentForm) {
  if (form.compare === "equals") return { path: form.path, equals: optionalText(form.equals) };
  return { path: form.path, from: { source: form.source, pattern: form.pattern, flags: optionalText(form.flags), group: optionalNumber(form.group) } };
}

export function checkFromForm(form: CheckForm): RubricCheckInput {
  switch (form.kind) {
    case "llm":
      return { kind: form.kind, prompt: form.prompt };
    case "regex":
      return { kind: form.kind, pattern: form.pattern, flags: optionalText(form.flags), target: form.target, tool: optionalText(form.tool) };
    case "tool_called":
    case "tool_not_called":
      return { kind: form.kind, tool: form.tool, argument: form.hasArgument ? (argumentFromForm(form.argument) as never) : undefined };
    case "tool_order":
      return { kind: form.kind, before: form.before, after: form.after };
    case "step_count":
      return {
        kind: form.kind,
        count: form.count,
        tool: form.count === "tool_calls" ? optionalText(form.tool) : undefined,
        min: optionalNumber(form.min),
        max: optionalNumber(form.max),
      };
    case "reply_length":
      return { kind: form.kind, unit: form.unit, min: optionalNumber(form.min), max: optionalNumber(form.max) };
    case "json_path":
      return { kind: form.kind, path: form.path, op: form.op, value: ["exists", "truthy", "falsy"].includes(form.op) ? undefined : parseValue(form.value) };
    case "all":
    case "any":
      return { kind: form.kind, checks: form.checks.map(checkFromForm) as never };
    case "not":
      return { kind: form.kind, check: checkFromForm(form.check) as never };
    case "implies":
      return { kind: form.kind, when: checkFromForm(form.when) as never, then: checkFromForm(form.then) as never };
    case "tool_result":
      return toolResultFromForm(form);
    case "value_carried":
      return valueCarriedFromForm(form);
    case "value_compared":
      return valueComparedFromForm(form);
  }
}

type LooseCheck = Record<string, unknown> & { kind: CheckKind };

function argumentToForm(argument: unknown): ArgumentForm {
  const { path, equals, from } = (argument ?? {}) as {
    path?: string;
    equals?: unknown;
    from?: { source?: ArgumentForm["source"]; pattern?: string; flags?: string; group?: number };
  };
  if (from)
    return {
      ...emptyArgument,
      path: path ?? "",
      compare: "from",
      source: from.source ?? "final_reply",
      pattern: from.pattern ?? "",
      flags: from.flags ?? "",
      group: textOf(from.group),
    };
  return { ...emptyArgument, path: path ?? "", equals: textOf(equals) };
}

/** The form for a stored check; fields it lacks take the defaults the schema gives them. */
export function formFromCheck(check: RubricCheckInput): CheckForm {
  const c = check as LooseCheck;
  const text = (name: string) => textOf(c[name]);
  switch (c.kind) {
    case "llm":
      return { kind: c.kind, prompt: text("prompt") };
    case "regex":
      return {
        kind: c.kind,
        pattern: text("pattern"),
        flags: text("flags"),
        target: (c.target as RegexTarget | undefined) ?? "final_reply",
        tool: text("tool"),
      };
    case "tool_called":
    case "tool_not_called":
      return { kind: c.kind, tool: text("tool"), hasArgument: c.argument !== undefined, argument: argumentToForm(c.argument) };
    case "tool_order":
      return { kind: c.kind, before: text("before"), after: text("after") };
    case "step_count":
      return { kind: c.kind, count: (c.count as "steps" | undefined) ?? "steps", tool: text("tool"), min: text("min"), max: text("max") };
    case "reply_length":
      return { kind: c.kind, unit: (c.unit as "chars" | undefined) ?? "chars", min: text("min"), max: text("max") };
    case "json_path":
      return { kind: c.kind, path: text("path"), op: c.op as JsonPathOp, value: showValue(c.value) };
    case "all":
    case "any":
      return { kind: c.kind, checks: ((c.checks as RubricCheckInput[] | undefined) ?? []).map(formFromCheck) };
    case "not":
      return { kind: c.kind, check: formFromCheck(c.check as RubricCheckInput) };
    case "implies":
      return { kind: c.kind, when: formFromCheck(c.when as RubricCheckInput), then: formFromCheck(c.then as RubricCheckInput) };
    case "tool_result":
      return toolResultToForm(c);
    case "value_carried":
      return valueCarriedToForm(c);
    case "value_compared":
      return valueComparedToForm(c);
  }
}

/** A schema issue in a reviewer's words where zod's default is a type error ("expected string to have >=1 characters"). */
export function checkIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && issue.origin === "string") return "Required";
  if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
  if (issue.code === "too_small" && issue.origin === "number") return `${String(issue.minimum)} or more`;
  if (issue.code === "invalid_type" && issue.expected === "int") return "Enter a whole number";
  // The JavaScript engine's words ("Invalid regular expression: /(a/i: Unterminated group") keep only the reason.
  const badPattern = /^Invalid regular expression: \/.*\/[a-z]*: (.+)$/s.exec(issue.message);
  if (badPattern) return `Not a valid pattern: ${badPattern[1]}`;
  return issue.message;
}

/** Issue messages by dotted path (`checks.0.pattern`), the first per path, with an optional prefix. */
export function issuesByPath(issues: readonly z.core.$ZodIssue[], prefix = ""): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    byPath[path] ??= checkIssueMessage(issue);
  }
  return byPath;
}

/** The same validation the server runs, with its issues keyed by the field paths of the form. */
export function validateCheckForm(form: CheckForm): { check: RubricCheckInput; errors: Record<string, string> } {
  const check = checkFromForm(form);
  const parsed = rubricCheckSchema.safeParse(check);
  return { check, errors: parsed.success ? {} : issuesByPath(parsed.error.issues) };
}
