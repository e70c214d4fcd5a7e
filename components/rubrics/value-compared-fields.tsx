"use client";

import type { ComparisonOp, ValueComparedForm, ValueSourceForm } from "@/lib/rubrics/world-check-form";
import { FieldGroup, SelectField, TextField } from "./form-field";

type Props = { form: ValueComparedForm; path: string; errors: Record<string, string>; onChange: (form: ValueComparedForm, touchedPath: string) => void };

const readLabels = [
  ["tool_result", "a tool's result"],
  ["tool_arguments", "a tool's arguments"],
  ["system", "the system prompt"],
  ["user", "the user's messages"],
  ["final_reply", "the final reply"],
] as const;
const opLabels: ReadonlyArray<readonly [ComparisonOp, string]> = [
  ["gt", "is greater than"],
  ["lt", "is less than"],
  ["equals", "equals"],
  ["not_equals", "does not equal"],
  ["named_in", "is named in"],
  ["not_named_in", "is not named in"],
];

/** One value compared with another: each read from a tool call or from a text the trace carries (a policy stated in the system prompt). */
export function ValueComparedFields({ form, path, errors, onChange }: Props) {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  const side = (name: "left" | "right", legend: string, isWholeAllowed: boolean) => {
    const source = form[name];
    const set = (field: keyof ValueSourceForm, value: string) => onChange({ ...form, [name]: { ...source, [field]: value } }, at(`${name}.${field}`));
    const text = (field: keyof ValueSourceForm, label: string, hint?: string) => (
      <TextField label={label} value={source[field]} onChange={(v) => set(field, v)} error={errors[at(`${name}.${field}`)]} mono hint={hint} />
    );
    const isTool = source.read === "tool_result" || source.read === "tool_arguments";
    const byOptions: Array<readonly [ValueSourceForm["by"], string]> = [
      ...(isTool ? [["path", "a JSON path"] as const] : []),
      ["pattern", "a pattern's capture"],
      ...(!isTool && isWholeAllowed ? [["whole", "the whole text"] as const] : []),
    ];
    return (
      <FieldGroup legend={legend} error={errors[at(name)]}>
        <SelectField label="Read" value={source.read} options={readLabels} onChange={(v) => set("read", v)} />
        {isTool ? (
          <>
            {text("tool", "Tool")}
            <SelectField
              label="Of its call"
              value={source.call}
              options={[
                ["last", "last"],
                ["first", "first"],
              ]}
              onChange={(v) => set("call", v)}
            />
          </>
        ) : null}
        <SelectField label="Value at" value={source.by} options={byOptions} onChange={(v) => set("by", v)} />
        {source.by === "path" ? text("path", "Path", "e.g. amount") : null}
        {source.by === "pattern" ? (
          <>
            {text("pattern", "Capture pattern", "e.g. over \\$(\\d+)")}
            {text("flags", "Capture flags")}
            {text("group", "Capture group", "Empty: the first group, or the whole match")}
          </>
        ) : null}
      </FieldGroup>
    );
  };
  return (
    <div className="space-y-2 md:col-span-4">
      {side("left", "This value", false)}
      <SelectField label="Comparison" value={form.op} options={opLabels} onChange={(op) => onChange({ ...form, op: op as ComparisonOp }, at("op"))} error={errors[at("op")]} />
      {side("right", "Compared with", form.op === "named_in" || form.op === "not_named_in")}
    </div>
  );
}
