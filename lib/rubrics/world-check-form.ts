import type { CallSelector, JsonPathOp, RubricCheckInput } from "../checks/rubric-check-schema";

/** Form state of the checks that read tool results (see check-form.ts for the conventions). */
export type ToolResultForm = { kind: "tool_result"; tool: string; call: CallSelector; test: "pattern" | "path"; pattern: string; flags: string; path: string; op: JsonPathOp; value: string };
export type CarriedSourceForm = { tool: string; read: "result" | "arguments"; call: "first" | "last"; by: "path" | "pattern"; path: string; pattern: string; flags: string; group: string };
export type CarriedTargetForm = { target: "tool_argument" | "final_reply"; tool: string; path: string; pattern: string; flags: string; group: string };
export type ValueCarriedForm = { kind: "value_carried"; from: CarriedSourceForm; to: CarriedTargetForm };

export const emptyToolResultForm: ToolResultForm = { kind: "tool_result", tool: "", call: "any", test: "pattern", pattern: "", flags: "", path: "", op: "exists", value: "" };
export const emptyValueCarriedForm: ValueCarriedForm = {
  kind: "value_carried",
  from: { tool: "", read: "result", call: "last", by: "path", path: "", pattern: "", flags: "", group: "" },
  to: { target: "tool_argument", tool: "", path: "", pattern: "", flags: "", group: "" },
};

const optionalText = (text: string) => (text.trim() === "" ? undefined : text);
const optionalNumber = (text: string) => (text.trim() === "" ? undefined : Number(text));
const textOf = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** A JSON-path value as typed: JSON when it parses (3, true, "3", {"a": 1}), else the text itself. */
export function parseValue(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
export const showValue = (value: unknown) => (value === undefined ? "" : typeof value === "string" && parseValue(value) === value ? value : JSON.stringify(value));

export function toolResultFromForm(form: ToolResultForm): RubricCheckInput {
  if (form.test === "pattern") return { kind: form.kind, tool: form.tool, call: form.call, pattern: form.pattern, flags: optionalText(form.flags) };
  const value = ["exists", "truthy", "falsy"].includes(form.op) ? undefined : parseValue(form.value);
  return { kind: form.kind, tool: form.tool, call: form.call, path: form.path, op: form.op, value };
}

export function valueCarriedFromForm({ from, to }: ValueCarriedForm): RubricCheckInput {
  const source =
    from.by === "path"
      ? { tool: from.tool, read: from.read, call: from.call, path: from.path }
      : { tool: from.tool, read: from.read, call: from.call, pattern: from.pattern, flags: optionalText(from.flags), group: optionalNumber(from.group) };
  const target =
    to.target === "tool_argument"
      ? { target: to.target, tool: to.tool, path: to.path }
      : { target: to.target, pattern: optionalText(to.pattern), flags: optionalText(to.flags), group: optionalNumber(to.group) };
  return { kind: "value_carried", from: source, to: target };
}

type Loose = Record<string, unknown>;

export function toolResultToForm(c: Loose): ToolResultForm {
  const test = c.path !== undefined ? "path" : "pattern";
  return {
    kind: "tool_result",
    tool: textOf(c.tool),
    call: (c.call as CallSelector | undefined) ?? "any",
    test,
    pattern: textOf(c.pattern),
    flags: textOf(c.flags),
    path: textOf(c.path),
    op: (c.op as JsonPathOp | undefined) ?? "exists",
    value: showValue(c.value),
  };
}

export function valueCarriedToForm(c: Loose): ValueCarriedForm {
  const from = (c.from ?? {}) as Loose;
  const to = (c.to ?? {}) as Loose;
  return {
    kind: "value_carried",
    from: {
      tool: textOf(from.tool),
      read: (from.read as "result" | undefined) ?? "result",
      call: (from.call as "last" | undefined) ?? "last",
      by: from.pattern !== undefined ? "pattern" : "path",
      path: textOf(from.path),
      pattern: textOf(from.pattern),
      flags: textOf(from.flags),
      group: textOf(from.group),
    },
    to: {
      target: (to.target as "final_reply" | undefined) ?? "tool_argument",
      tool: textOf(to.tool),
      path: textOf(to.path),
      pattern: textOf(to.pattern),
      flags: textOf(to.flags),
      group: textOf(to.group),
    },
  };
}

export type ValueSourceRead = "tool_result" | "tool_arguments" | "system" | "user" | "final_reply";
export type ComparisonOp = "gt" | "lt" | "equals" | "not_equals" | "named_in" | "not_named_in";
/** `by` "whole": the whole text (a text source on the right of named_in). */
export type ValueSourceForm = { read: ValueSourceRead; tool: string; call: "first" | "last"; by: "path" | "pattern" | "whole"; path: string; pattern: string; flags: string; group: string };
export type ValueComparedForm = { kind: "value_compared"; left: ValueSourceForm; op: ComparisonOp; right: ValueSourceForm };

const emptySource: ValueSourceForm = { read: "tool_result", tool: "", call: "last", by: "path", path: "", pattern: "", flags: "", group: "" };
export const emptyValueComparedForm: ValueComparedForm = { kind: "value_compared", left: emptySource, op: "gt", right: { ...emptySource, read: "system", by: "pattern" } };

const isToolRead = (read: ValueSourceRead) => read === "tool_result" || read === "tool_arguments";

function sourceFromForm(form: ValueSourceForm) {
  const tool = isToolRead(form.read) ? { tool: form.tool, call: form.call } : {};
  if (form.by === "path") return { read: form.read, ...tool, path: form.path };
  if (form.by === "pattern") return { read: form.read, ...tool, pattern: form.pattern, flags: optionalText(form.flags), group: optionalNumber(form.group) };
  return { read: form.read, ...tool };
}

export function valueComparedFromForm(form: ValueComparedForm): RubricCheckInput {
  return { kind: "value_compared", left: sourceFromForm(form.left), op: form.op, right: sourceFromForm(form.right) };
}

function sourceToForm(source: Loose): ValueSourceForm {
  return {
    read: (source.read as ValueSourceRead | undefined) ?? "tool_result",
    tool: textOf(source.tool),
    call: (source.call as "first" | undefined) ?? "last",
    by: source.path !== undefined ? "path" : source.pattern !== undefined ? "pattern" : "whole",
    path: textOf(source.path),
    pattern: textOf(source.pattern),
    flags: textOf(source.flags),
    group: textOf(source.group),
  };
}

export function valueComparedToForm(c: Loose): ValueComparedForm {
  return { kind: "value_compared", left: sourceToForm((c.left ?? {}) as Loose), op: (c.op as ComparisonOp | undefined) ?? "gt", right: sourceToForm((c.right ?? {}) as Loose) };
}
