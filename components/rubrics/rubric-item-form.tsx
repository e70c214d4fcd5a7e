"use client";

import { useActionState } from "react";
import { saveRubricItemAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";

type ItemDefaults = { id?: string; key: string; question: string; polarity: string; weight: number; checkKind: string; checkParams: string };

const checkKinds = [
  ["llm", "LLM question"],
  ["regex", "Rule: regex {pattern, flags?, target?, tool?}"],
  ["tool_called", "Rule: tool called {tool, argument?: {path, equals | from}}"],
  ["tool_not_called", "Rule: tool not called {tool, argument?}"],
  ["tool_order", "Rule: tool order {before, after}"],
  ["step_count", "Rule: step count {count?, tool?, min?, max?}"],
  ["reply_length", "Rule: reply length {unit?, min?, max?}"],
  ["json_path", "Rule: end-state JSON path {path, op, value?}"],
  ["all", "All of {checks: [...]}"],
  ["any", "Any of {checks: [...]}"],
  ["not", "Not {check}"],
] as const;

const field = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

/** Adds an item to a draft, or edits one: question, polarity, weight, and how it is checked. */
export function RubricItemForm({ rubricVersionId, item }: { rubricVersionId: string; item?: ItemDefaults }) {
  const [state, action, isPending] = useActionState(saveRubricItemAction, null);
  const defaults = item ?? { key: "", question: "", polarity: "good", weight: 1, checkKind: "llm", checkParams: "" };
  const error = (name: string) => (state && !state.ok && state.fields?.[name] ? <span className="text-xs text-red-700">{state.fields[name]}</span> : null);
  return (
    <form action={action} className="grid grid-cols-1 gap-2 md:grid-cols-6" aria-label={item ? `Edit item ${item.key}` : "Add item"}>
      <input type="hidden" name="rubricVersionId" value={rubricVersionId} />
      {item?.id ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <label className="text-sm md:col-span-1">
        Key
        <input name="key" defaultValue={defaults.key} required className={field} />
        {error("key")}
      </label>
      <label className="text-sm md:col-span-3">
        Question
        <input name="question" defaultValue={defaults.question} required className={field} />
        {error("question")}
      </label>
      <label className="text-sm">
        Polarity
        <select name="polarity" aria-label="Polarity" defaultValue={defaults.polarity} className={field}>
          <option value="good">good behaviour</option>
          <option value="hack">hack check</option>
        </select>
      </label>
      <label className="text-sm">
        Weight
        <input name="weight" type="number" step="0.1" min="0" defaultValue={defaults.weight} className={field} />
        {error("weight")}
      </label>
      <label className="text-sm md:col-span-2">
        Checked by
        <select name="checkKind" aria-label="Checked by" defaultValue={defaults.checkKind} className={field}>
          {checkKinds.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm md:col-span-3">
        Check parameters (JSON)
        <input name="checkParams" defaultValue={defaults.checkParams} placeholder='e.g. {"tool": "lookup_order"}' className={`${field} font-mono`} />
        {error("checkParams")}
      </label>
      <div className="flex items-end gap-2">
        <Button type="submit" disabled={isPending}>
          {item ? "Save" : "Add item"}
        </Button>
      </div>
      {state && !state.ok && !state.fields ? (
        <p role="alert" className="text-sm text-red-700 md:col-span-6">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
