"use client";

import { emptyCheckForm, type CheckForm } from "@/lib/rubrics/check-form";
import { jsonPathOpSchema, regexTargetSchema, type CheckKind } from "@/lib/checks/rubric-check-schema";
import { Button } from "@/components/ui/button";
import { FieldGroup, SelectField, TextField } from "./form-field";
import { ToolArgumentFields } from "./tool-argument-fields";
import { ValueCarriedFields } from "./value-carried-fields";
import { ValueComparedFields } from "./value-compared-fields";

const kindLabels: ReadonlyArray<readonly [CheckKind, string]> = [
  ["llm", "LLM question (a judge answers)"],
  ["regex", "Text matches a pattern"],
  ["tool_called", "Tool was called"],
  ["tool_not_called", "Tool was not called"],
  ["tool_order", "One tool called before another"],
  ["step_count", "Number of steps or tool calls"],
  ["reply_length", "Length of the final reply"],
  ["json_path", "End-state value (JSON path)"],
  ["tool_result", "A tool's result says (pattern or JSON path)"],
  ["value_carried", "A value carried across steps"],
  ["value_compared", "A value compared with another (a tool's or the prompt's)"],
  ["all", "All of these (every check yes)"],
  ["any", "Any of these (at least one yes)"],
  ["not", "Not (the opposite of a check)"],
  ["implies", "When one check holds, another must"],
];
const composableKinds = kindLabels.filter(([kind]) => kind !== "llm");
const targetLabels = regexTargetSchema.options.map((target) => [target, target.replace("_", " ")] as const);
const callLabels = [
  ["any", "any call"],
  ["first", "the first call"],
  ["last", "the last call"],
] as const;
const opLabels = jsonPathOpSchema.options.map((op) => [op, op.replace("_", " ")] as const);

export type CheckChange = (form: CheckForm, touchedPath: string) => void;
type Props = { form: CheckForm; onChange: CheckChange; errors: Record<string, string>; path?: string; isComposable?: boolean; legend?: string };

const join = (...parts: Array<string | number>) => parts.filter((part) => part !== "").join(".");

/** The fields of one check, by kind; composed checks nest this form for each of their checks. */
export function CheckFields({ form, onChange, errors, path = "", isComposable = false, legend = "How it is checked" }: Props) {
  const at = (name: string) => join(path, name);
  const set = (name: string, value: unknown) => onChange({ ...form, [name]: value } as CheckForm, at(name));
  const text = (name: string, label: string, options: { hint?: string; mono?: boolean; type?: "number" } = {}) => (
    <TextField
      key={name}
      label={label}
      value={(form as Record<string, unknown>)[name] as string}
      onChange={(value) => set(name, value)}
      error={errors[at(name)]}
      {...options}
    />
  );
  return (
    <FieldGroup legend={legend} error={errors[path]}>
      <SelectField
        label={path ? "Check" : "Checked by"}
        value={form.kind}
        options={isComposable ? composableKinds : kindLabels}
        onChange={(kind) => onChange(emptyCheckForm(kind), at("kind"))}
        error={errors[at("kind")]}
        className="md:col-span-2"
      />
      {form.kind === "llm" ? text("prompt", "Prompt for the judge", { hint: "Empty: the judge is asked the item's question" }) : null}
      {form.kind === "regex" ? (
        <>
          {text("pattern", "Pattern", { mono: true, hint: "A JavaScript regular expression" })}
          {text("flags", "Flags", { mono: true, hint: "e.g. i for any case" })}
          <SelectField label="Search in" value={form.target} options={targetLabels} onChange={(target) => set("target", target)} error={errors[at("target")]} />
          {form.target === "tool_arguments" ? text("tool", "Only calls of tool", { hint: "Empty: every tool" }) : null}
        </>
      ) : null}
      {form.kind === "tool_called" || form.kind === "tool_not_called" ? (
        <>
          {text("tool", "Tool name", { mono: true })}
          <label className="flex items-center gap-2 self-end text-sm md:col-span-2">
            <input type="checkbox" checked={form.hasArgument} onChange={(event) => set("hasArgument", event.target.checked)} />
            Only calls with a given argument
          </label>
          {form.hasArgument ? (
            <ToolArgumentFields
              argument={form.argument}
              path={at("argument")}
              errors={errors}
              onChange={(argument, touched) => onChange({ ...form, argument }, touched)}
            />
          ) : null}
        </>
      ) : null}
      {form.kind === "tool_order" ? (
        <>
          {text("before", "This tool first", { mono: true })}
          {text("after", "Before this tool", { mono: true })}
        </>
      ) : null}
      {form.kind === "step_count" ? (
        <>
          <SelectField
            label="Count"
            value={form.count}
            options={[
              ["steps", "steps"],
              ["tool_calls", "tool calls"],
              ["assistant_messages", "assistant messages"],
            ]}
            onChange={(count) => set("count", count)}
          />
          {form.count === "tool_calls" ? text("tool", "Of tool", { mono: true, hint: "Empty: all tools" }) : null}
          {text("min", "At least", { type: "number" })}
          {text("max", "At most", { type: "number" })}
        </>
      ) : null}
      {form.kind === "reply_length" ? (
        <>
          <SelectField
            label="Unit"
            value={form.unit}
            options={[
              ["chars", "characters"],
              ["words", "words"],
            ]}
            onChange={(unit) => set("unit", unit)}
          />
          {text("min", "At least", { type: "number" })}
          {text("max", "At most", { type: "number" })}
        </>
      ) : null}
      {form.kind === "json_path" ? (
        <>
          {text("path", "Path in the end state", { mono: true, hint: "e.g. orders[0].refunded" })}
          <SelectField label="Operator" value={form.op} options={opLabels} onChange={(op) => set("op", op)} error={errors[at("op")]} />
          {["equals", "not_equals", "gt", "lt"].includes(form.op)
            ? text("value", "Value", { mono: true, hint: 'Text, a number, true/false or JSON ("3" for the text 3)' })
            : null}
        </>
      ) : null}
      {form.kind === "tool_result" ? (
        <>
          {text("tool", "Tool name", { mono: true })}
          <SelectField label="Of its calls" value={form.call} options={callLabels} onChange={(call) => set("call", call)} error={errors[at("call")]} />
          <SelectField
            label="Test"
            value={form.test}
            options={[
              ["pattern", "a pattern in the result's text"],
              ["path", "a JSON path in the result"],
            ]}
            onChange={(test) => set("test", test)}
          />
          {form.test === "pattern" ? (
            <>
              {text("pattern", "Pattern", { mono: true, hint: "JSON results are searched as their JSON text" })}
              {text("flags", "Flags", { mono: true, hint: "e.g. i for any case" })}
            </>
          ) : (
            <>
              {text("path", "Path in the result", { mono: true, hint: "e.g. eligible" })}
              <SelectField label="Operator" value={form.op} options={opLabels} onChange={(op) => set("op", op)} error={errors[at("op")]} />
              {["equals", "not_equals", "gt", "lt"].includes(form.op) ? text("value", "Value", { mono: true }) : null}
            </>
          )}
        </>
      ) : null}
      {form.kind === "value_carried" ? <ValueCarriedFields form={form} path={path} errors={errors} onChange={onChange} /> : null}
      {form.kind === "value_compared" ? <ValueComparedFields form={form} path={path} errors={errors} onChange={onChange} /> : null}
      {form.kind === "implies" ? (
        <div className="space-y-2 md:col-span-4">
          <CheckFields form={form.when} path={at("when")} errors={errors} isComposable legend="When this holds" onChange={(next, touched) => onChange({ ...form, when: next }, touched)} />
          <CheckFields form={form.then} path={at("then")} errors={errors} isComposable legend="Then this must hold" onChange={(next, touched) => onChange({ ...form, then: next }, touched)} />
        </div>
      ) : null}
      {form.kind === "all" || form.kind === "any" ? (
        <div className="space-y-2 md:col-span-4">
          {form.checks.map((child, index) => (
            <div key={index} className="flex items-start gap-2">
              <div className="flex-1">
                <CheckFields
                  form={child}
                  path={at(`checks.${index}`)}
                  errors={errors}
                  isComposable
                  legend={`Check ${index + 1}`}
                  onChange={(next, touched) => onChange({ ...form, checks: form.checks.map((c, i) => (i === index ? next : c)) }, touched)}
                />
              </div>
              <Button
                type="button"
                variant="danger"
                disabled={form.checks.length === 1}
                aria-label={`Remove check ${index + 1}${path ? ` of ${path}` : ""}`}
                onClick={() => onChange({ ...form, checks: form.checks.filter((_, i) => i !== index) }, at("checks"))}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="secondary"
            onClick={() => onChange({ ...form, checks: [...form.checks, emptyCheckForm("tool_called")] }, at("checks"))}
          >
            Add a check
          </Button>
        </div>
      ) : null}
      {form.kind === "not" ? (
        <div className="md:col-span-4">
          <CheckFields
            form={form.check}
            path={at("check")}
            errors={errors}
            isComposable
            legend="The check to negate"
            onChange={(next, touched) => onChange({ ...form, check: next }, touched)}
          />
        </div>
      ) : null}
    </FieldGroup>
  );
}
