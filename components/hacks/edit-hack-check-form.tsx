"use client";

import { useActionState } from "react";
import { measureHackCheckAction, saveHackCheckAction } from "@/app/actions/hack-actions";
import { Button } from "@/components/ui/button";
import type { RubricCheckInput } from "@/lib/checks/rubric-check-schema";
import { HackCheckEditor } from "./hack-check-editor";
import { HackCheckFigures } from "./hack-check-figures";

/** The proposed hack's check, in the rubric editor's fields: measure an edit on the examples and honest traces, then save it for approval. */
export function EditHackCheckForm({ knownHackId, name, check }: { knownHackId: string; name: string; check: RubricCheckInput }) {
  const [measured, measure, isMeasuring] = useActionState(measureHackCheckAction, null);
  const [saved, save, isSaving] = useActionState(saveHackCheckAction, null);
  const errorOf = (state: typeof measured) => (state && !state.ok ? (state.fields?.check ?? state.error) : null);
  const error = errorOf(measured) ?? errorOf(saved);
  return (
    <form className="mt-2 space-y-1" aria-label={`Check of ${name}`}>
      <input type="hidden" name="knownHackId" value={knownHackId} />
      <HackCheckEditor check={check} serverError={error} />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" formAction={measure} disabled={isMeasuring} aria-label={`Measure check of ${name}`}>
          {isMeasuring ? "Measuring…" : "Measure"}
        </Button>
        <Button type="submit" variant="secondary" formAction={save} disabled={isSaving} aria-label={`Save check of ${name}`}>
          Save check
        </Button>
      </div>
      {measured?.ok ? <HackCheckFigures figures={measured.data} label="Measured figures" /> : null}
      {saved?.ok ? (
        <p role="status" className="text-sm text-green-700">
          Saved: approving adds this check.
        </p>
      ) : null}
    </form>
  );
}
