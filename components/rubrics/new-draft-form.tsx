"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { startRubricDraftAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";
import { draftHref } from "./draft-href";
import { useFormAction } from "@/components/ui/use-form-action";

/**
 * Without an environment: "New rubric" (its empty v1 draft). With one: a new draft copied from
 * the environment's latest approved version (`fromVersion`). Either opens the environment's
 * existing draft instead when it has one, and the draft page says so.
 */
export function NewDraftForm({ environment, fromVersion }: { environment?: string; fromVersion?: number }) {
  const router = useRouter();
  const [state, formProps, isPending] = useFormAction(startRubricDraftAction, null);
  useEffect(() => {
    if (state?.ok) router.push(draftHref(state.data));
  }, [state, router]);
  const label = environment ? (fromVersion ? `New draft from v${fromVersion}` : "New draft") : "New rubric";
  return (
    <form {...formProps} className="inline-flex items-end gap-2">
      {environment ? (
        <input type="hidden" name="environment" value={environment} />
      ) : (
        <label className="text-sm">
          Environment
          <input name="environment" required className="mt-1 block rounded-md border border-slate-500 px-2 py-1" />
        </label>
      )}
      <Button
        type="submit"
        variant={environment ? "secondary" : "primary"}
        disabled={isPending}
        aria-label={environment ? `${label} of ${environment}` : label}
        title={environment ? (fromVersion ? `Copies v${fromVersion}'s items into a new draft to edit; v${fromVersion} itself never changes` : "Starts an empty draft") : undefined}
      >
        {label}
      </Button>
      {state && !state.ok ? <span role="alert" className="text-sm text-red-700">{state.fields?.environment ?? state.error}</span> : null}
    </form>
  );
}
