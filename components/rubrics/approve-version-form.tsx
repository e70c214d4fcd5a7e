"use client";

import { useActionState } from "react";
import { approveRubricVersionAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";

export function ApproveVersionForm({ rubricVersionId }: { rubricVersionId: string }) {
  const [state, action, isPending] = useActionState(approveRubricVersionAction, null);
  return (
    <form action={action} className="flex items-end gap-2">
      <input type="hidden" name="rubricVersionId" value={rubricVersionId} />
      <label className="text-sm">
        Approval note
        <input name="note" maxLength={500} className="mt-1 block rounded-md border border-slate-300 px-2 py-1" />
      </label>
      <Button type="submit" disabled={isPending}>
        Approve version
      </Button>
      {state && !state.ok ? <span role="alert" className="text-sm text-red-700">{state.error}</span> : null}
    </form>
  );
}
