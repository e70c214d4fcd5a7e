"use client";

import { useState } from "react";
import { saveJudgeAction } from "@/app/actions/judge-actions";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/next/server-action";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

type Saved = { judgeId: string; version: number; status: "created" | "new version" | "unchanged" };

/** Adds a judge to the panel, or versions the one with the same name. Keys stay in the server's environment. */
export function AddJudgeForm() {
  const [kind, setKind] = useState<"llm" | "reference" | "rule" | "cot">("llm");
  const [form, setForm] = useState<"rule" | "llm">("rule");
  const [state, formProps, isPending] = useFormAction<ActionResult<Saved> | null>(saveJudgeAction, null);
  const field = "mt-1 block rounded-md border border-slate-500 px-2 py-1.5 text-sm";
  const text = (name: string, label: string, props: Record<string, string> = {}) => (
    <label className="text-sm">
      <span className="block font-medium">{label}</span>
      <input name={name} className={field} {...props} />
    </label>
  );
  return (
    <details className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer text-sm font-semibold">Add or change a judge</summary>
      <form {...formProps} aria-label="Add judge" className="mt-3 flex flex-wrap items-end gap-3">
        {text("name", "Name", { required: "true" })}
        <label className="text-sm">
          <span className="block font-medium">Kind</span>
          <select name="kind" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)} className={field}>
            <option value="llm">llm</option>
            <option value="reference">reference</option>
            <option value="rule">rule</option>
            <option value="cot">cot (reads the reasoning only)</option>
          </select>
        </label>
        {kind === "cot" ? (
          <label className="text-sm">
            <span className="block font-medium">Monitor form</span>
            <select name="form" value={form} onChange={(event) => setForm(event.target.value as typeof form)} className={field}>
              <option value="rule">rule: patterns</option>
              <option value="llm">llm: its own prompt</option>
            </select>
          </label>
        ) : null}
        {kind === "cot" && form === "rule" ? (
          <label className="text-sm">
            <span className="block font-medium">Patterns, one per line</span>
            <textarea name="patterns" rows={3} className={field} placeholder="empty: the default intent cues" />
          </label>
        ) : null}
        {text("environment", "Only environment", { placeholder: "any" })}
        {kind === "llm" || (kind === "cot" && form === "llm") ? (
          <>
            <label className="text-sm">
              <span className="block font-medium">Provider</span>
              <select name="provider" className={field} defaultValue="openai">
                <option value="openai">OpenAI-compatible</option>
                <option value="anthropic">Anthropic</option>
              </select>
            </label>
            {text("baseUrl", "Base URL", { placeholder: "OPENAI_BASE_URL or the vendor's" })}
            {text("model", "Model", { required: "true" })}
            {text("temperature", "Temperature", { type: "number", step: "0.1", min: "0", max: "2", placeholder: "0" })}
            {text("apiKeyEnv", "API key variable", { placeholder: "OPENAI_API_KEY" })}
            {text("concurrency", "Concurrency", { type: "number", min: "1", placeholder: "8" })}
            {text("pricePerMTokensIn", "$ / 1M in", { type: "number", step: "any", min: "0" })}
            {text("pricePerMTokensOut", "$ / 1M out", { type: "number", step: "any", min: "0" })}
          </>
        ) : null}
        {kind === "rule" ? (
          <>
            {text("rubricVersionId", "Rubric version id", { required: "true" })}
            {text("threshold", "Pass threshold", { type: "number", step: "0.05", min: "0", max: "1", placeholder: "0.5" })}
          </>
        ) : null}
        <Button type="submit" disabled={isPending}>
          Save judge
        </Button>
      </form>
      <p className="mt-2 text-xs text-slate-500">The API key is read on the server from the named environment variable; it is never stored or shown. Changing a config makes the judge&apos;s next version.</p>
      <ActionError state={state} className="mt-2 text-sm text-red-700" />
      {state?.ok ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {state.data.status === "created" ? "Judge added (version 1)." : state.data.status === "new version" ? `Saved as version ${state.data.version}.` : `Nothing changed (version ${state.data.version}).`}
        </p>
      ) : null}
    </details>
  );
}
