"use client";

import { useActionState } from "react";
import { measureHackCheckAction, saveHackCheckAction } from "@/app/actions/hack-actions";
import { Button } from "@/components/ui/button";
import { HackCheckFigures } from "./hack-check-figures";

/** The proposed hack's check as JSON: measure an edit on the examples and honest traces, then save it for approval. */
export function EditHackCheckForm({ knownHackId, name, check }: { knownHackId: string; name: string; check: unknown }) {
  const [measured, measure, isMeasuring] = useActionState(measureHackCheckAction, null);
  const [saved, save, isSaving] = useActionState(saveHackCheckAction, null);
  const errorOf = (state: typeof measured) => (state && !state.ok ? (state.fields?.check ?? state.error) : null);
  const error = errorOf(measured) ?? errorOf(saved);
  return (
    <form className="mt-2">
      <input type="hidden" name="knownHackId" value={knownHackId} />
      <label className="text-sm">
        Check (JSON)
        <textarea
          name="check"
          rows={6}
          defaultValue={JSON.stringify(check, null, 2)}
          aria-label={`Check of ${name}`}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-xs"
        />
      </label>
      <div className="mt-1 flex gap-2">
        <Button type="submit" variant="secondary" formAction={measure} disabled={isMeasuring} aria-label={`Measure check of ${name}`}>
          {isMeasuring ? "Measuring…" : "Measure"}
        </Button>
        <Button type="submit" variant="secondary" formAction={save} disabled={isSaving} aria-label={`Save check of ${name}`}>
          Save check
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {measured?.ok ? <HackCheckFigures figures={measured.data} label="Measured figures" /> : null}
      {saved?.ok ? (
        <p role="status" className="mt-1 text-sm text-green-700">
          Saved: approving adds this check.
        </p>
      ) : null}
    </form>
  );
}
