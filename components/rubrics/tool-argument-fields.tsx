"use client";

import type { ArgumentForm } from "@/lib/rubrics/check-form";
import { FieldGroup, SelectField, TextField } from "./form-field";

type Props = { argument: ArgumentForm; path: string; errors: Record<string, string>; onChange: (argument: ArgumentForm, touchedPath: string) => void };

/** A tool call's argument, compared with a literal or with what a pattern captures from the conversation. */
export function ToolArgumentFields({ argument, path, errors, onChange }: Props) {
  const set = (name: keyof ArgumentForm, value: string, touched: string) => onChange({ ...argument, [name]: value }, touched);
  const from = `${path}.from`;
  return (
    <div className="md:col-span-4">
      <FieldGroup legend="Argument" error={errors[path]}>
        <TextField
          label="Argument path"
          value={argument.path}
          onChange={(value) => set("path", value, `${path}.path`)}
          error={errors[`${path}.path`]}
          mono
          hint="e.g. order_id"
        />
        <SelectField
          label="Compare with"
          value={argument.compare}
          options={[
            ["equals", "a value"],
            ["from", "a value captured from the conversation"],
          ]}
          onChange={(compare) => set("compare", compare, `${path}.compare`)}
        />
        {argument.compare === "equals" ? (
          <TextField
            label="Equals"
            value={argument.equals}
            onChange={(value) => set("equals", value, `${path}.equals`)}
            error={errors[`${path}.equals`]}
            hint="Compared as trimmed text, any case"
          />
        ) : (
          <>
            <SelectField
              label="Captured from"
              value={argument.source}
              options={[
                ["final_reply", "the final reply"],
                ["user", "the user's turns"],
              ]}
              onChange={(source) => set("source", source, `${from}.source`)}
            />
            <TextField
              label="Capture pattern"
              value={argument.pattern}
              onChange={(value) => set("pattern", value, `${from}.pattern`)}
              error={errors[`${from}.pattern`]}
              mono
            />
            <TextField
              label="Capture flags"
              value={argument.flags}
              onChange={(value) => set("flags", value, `${from}.flags`)}
              error={errors[`${from}.flags`]}
              mono
            />
            <TextField
              label="Capture group"
              type="number"
              value={argument.group}
              onChange={(value) => set("group", value, `${from}.group`)}
              error={errors[`${from}.group`]}
              hint="Empty: the first group, or the whole match"
            />
          </>
        )}
      </FieldGroup>
    </div>
  );
}
