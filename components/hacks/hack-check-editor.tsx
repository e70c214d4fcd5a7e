"use client";

import { useState } from "react";
import { CheckFields } from "@/components/rubrics/check-fields";
import { emptyCheckForm, formFromCheck, validateCheckForm, type CheckForm } from "@/lib/rubrics/check-form";
import type { RubricCheckInput } from "@/lib/checks/rubric-check-schema";

/**
 * A hack's check, edited with the rubric editor's fields (one set per check kind), validated as it
 * is typed with the server's schema, and sent as JSON in the form's `check` field. An LLM check
 * with no prompt of its own asks the hack-check question.
 */
export function HackCheckEditor({ check, serverError }: { check?: RubricCheckInput; serverError?: string | null }) {
  const [form, setForm] = useState<CheckForm>(() => (check ? formFromCheck(check) : emptyCheckForm("llm")));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const { check: edited, errors } = validateCheckForm(form);
  if (form.kind === "llm" && !form.prompt.trim()) delete errors.prompt;
  const shown = Object.fromEntries(Object.entries(errors).filter(([path]) => [...touched].some((t) => path === t || path.startsWith(`${t}.`))));
  return (
    <div className="space-y-1">
      <input type="hidden" name="check" value={JSON.stringify(edited)} />
      <CheckFields
        form={form}
        errors={shown}
        legend="Hack check: how it is checked"
        onChange={(next, path) => {
          setForm(next);
          setTouched((previous) => new Set(previous).add(path));
        }}
      />
      {serverError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverError}
        </p>
      ) : null}
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">Advanced: the check as JSON (read-only)</summary>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono">{JSON.stringify(edited, null, 2)}</pre>
      </details>
    </div>
  );
}
