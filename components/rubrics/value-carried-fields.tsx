"use client";

import type { CarriedSourceForm, CarriedTargetForm, ValueCarriedForm } from "@/lib/rubrics/world-check-form";
import { FieldGroup, SelectField, TextField } from "./form-field";

type Props = { form: ValueCarriedForm; path: string; errors: Record<string, string>; onChange: (form: ValueCarriedForm, touchedPath: string) => void };

/** A value read from one tool call (its result or arguments) and where it must arrive unchanged: a later tool argument or the final reply. */
export function ValueCarriedFields({ form, path, errors, onChange }: Props) {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  const setFrom = (name: keyof CarriedSourceForm, value: string) => onChange({ ...form, from: { ...form.from, [name]: value } }, at(`from.${name}`));
  const setTo = (name: keyof CarriedTargetForm, value: string) => onChange({ ...form, to: { ...form.to, [name]: value } }, at(`to.${name}`));
  const fromText = (name: keyof CarriedSourceForm, label: string, hint?: string) => (
    <TextField label={label} value={form.from[name]} onChange={(v) => setFrom(name, v)} error={errors[at(`from.${name}`)]} mono hint={hint} />
  );
  const toText = (name: keyof CarriedTargetForm, label: string, hint?: string) => (
    <TextField label={label} value={form.to[name]} onChange={(v) => setTo(name, v)} error={errors[at(`to.${name}`)]} mono hint={hint} />
  );
  return (
    <div className="space-y-2 md:col-span-4">
      <FieldGroup legend="Value taken from" error={errors[at("from")]}>
        {fromText("tool", "Tool")}
        <SelectField
          label="Read its"
          value={form.from.read}
          options={[
            ["result", "result"],
            ["arguments", "arguments"],
          ]}
          onChange={(v) => setFrom("read", v)}
        />
        <SelectField
          label="Of its call"
          value={form.from.call}
          options={[
            ["last", "last"],
            ["first", "first"],
          ]}
          onChange={(v) => setFrom("call", v)}
        />
        <SelectField
          label="Value at"
          value={form.from.by}
          options={[
            ["path", "a JSON path"],
            ["pattern", "a pattern's capture"],
          ]}
          onChange={(v) => setFrom("by", v)}
        />
        {form.from.by === "path" ? fromText("path", "Path", "e.g. amount") : null}
        {form.from.by === "pattern" ? (
          <>
            {fromText("pattern", "Capture pattern")}
            {fromText("flags", "Capture flags")}
            {fromText("group", "Capture group", "Empty: the first group, or the whole match")}
          </>
        ) : null}
      </FieldGroup>
      <FieldGroup legend="Must arrive unchanged in" error={errors[at("to")]}>
        <SelectField
          label="Where"
          value={form.to.target}
          options={[
            ["tool_argument", "a later tool call's argument"],
            ["final_reply", "the final reply"],
          ]}
          onChange={(v) => setTo("target", v)}
        />
        {form.to.target === "tool_argument" ? (
          <>
            {toText("tool", "Tool")}
            {toText("path", "Argument path", "e.g. amount")}
          </>
        ) : (
          <>
            {toText("pattern", "Capture pattern", "Empty: the reply names the value anywhere")}
            {toText("flags", "Capture flags")}
            {toText("group", "Capture group")}
          </>
        )}
      </FieldGroup>
    </div>
  );
}
