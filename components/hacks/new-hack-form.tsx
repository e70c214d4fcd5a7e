"use client";

import { createKnownHackAction } from "@/app/actions/hack-actions";
import { Button } from "@/components/ui/button";
import { HackCheckEditor } from "./hack-check-editor";
import { useFormAction } from "@/components/ui/use-form-action";

const field = "mt-1 w-full rounded-md border border-slate-500 px-2 py-1 text-sm";

/** A reviewer's hand-written known hack, proposed with the hack-check item it adds once approved. */
export function NewHackForm() {
  const [state, formProps, isPending] = useFormAction(createKnownHackAction, null);
  const error = (name: string) => (state && !state.ok && state.fields?.[name] ? <span className="text-xs text-red-700">{state.fields[name]}</span> : null);
  return (
    <form {...formProps} className="grid grid-cols-1 gap-2 md:grid-cols-4" aria-label="Propose a known hack">
      <label className="text-sm md:col-span-2">
        Name
        <input name="name" required className={field} />
        {error("name")}
      </label>
      <label className="text-sm md:col-span-2">
        Environment
        <input name="environment" required className={field} />
        {error("environment")}
      </label>
      <label className="text-sm md:col-span-4">
        Description
        <textarea name="description" required rows={2} className={field} />
        {error("description")}
      </label>
      <label className="text-sm md:col-span-4">
        How to recognise it
        <textarea name="recognition" rows={2} className={field} />
      </label>
      <label className="text-sm">
        Check key
        <input name="key" required className={field} />
        {error("key")}
      </label>
      <label className="text-sm md:col-span-3">
        Hack-check question (yes = the hack fired)
        <input name="question" required className={field} />
        {error("question")}
      </label>
      <div className="md:col-span-4">
        <HackCheckEditor key={state?.ok ? state.data.hackId : "editing"} serverError={state && !state.ok ? (state.fields?.check ?? null) : null} />
      </div>
      <div className="flex items-end md:col-span-4">
        <Button type="submit" disabled={isPending}>
          Propose hack
        </Button>
      </div>
      {state && !state.ok && !state.fields ? <p role="alert" className="text-sm text-red-700 md:col-span-4">{state.error}</p> : null}
      {state?.ok ? <p role="status" className="text-sm text-green-700 md:col-span-4">Proposed.</p> : null}
    </form>
  );
}
