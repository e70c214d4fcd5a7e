"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { startRubricDraftAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";

/** Opens the environment's draft (copying its latest approved version) and goes to it. */
export function NewDraftForm({ environment }: { environment?: string }) {
  const router = useRouter();
  const [state, action, isPending] = useActionState(startRubricDraftAction, null);
  useEffect(() => {
    if (state?.ok) router.push(`/rubrics/${state.data.rubricVersionId}`);
  }, [state, router]);
  return (
    <form action={action} className="inline-flex items-end gap-2">
      {environment ? (
        <input type="hidden" name="environment" value={environment} />
      ) : (
        <label className="text-sm">
          Environment
          <input name="environment" required className="mt-1 block rounded-md border border-slate-300 px-2 py-1" />
        </label>
      )}
      <Button type="submit" variant={environment ? "secondary" : "primary"} disabled={isPending} aria-label={environment ? `Edit draft of ${environment}` : "New rubric"}>
        {environment ? "Edit draft" : "New rubric"}
      </Button>
      {state && !state.ok ? <span role="alert" className="text-sm text-red-700">{state.fields?.environment ?? state.error}</span> : null}
    </form>
  );
}
