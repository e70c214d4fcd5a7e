"use client";

import { useActionState } from "react";
import { approveKnownHackAction, rejectKnownHackAction } from "@/app/actions/hack-actions";
import { Button } from "@/components/ui/button";

/** Approve (its hack-check item goes into the next rubric draft) or reject (with a reason). */
export function DecideHackForm({ knownHackId, name }: { knownHackId: string; name: string }) {
  const [approved, approve, isApproving] = useActionState(approveKnownHackAction, null);
  const [rejected, reject, isRejecting] = useActionState(rejectKnownHackAction, null);
  const error = (approved && !approved.ok ? approved.error : null) ?? (rejected && !rejected.ok ? (rejected.fields?.note ?? rejected.error) : null);
  return (
    <div className="mt-2">
      <form className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="knownHackId" value={knownHackId} />
        <label className="text-sm">
          Why
          <input name="note" maxLength={1000} aria-label={`Decision note for ${name}`} className="mt-1 block w-80 rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <Button type="submit" formAction={approve} disabled={isApproving} aria-label={`Approve hack ${name}`}>
          Approve
        </Button>
        <Button type="submit" variant="danger" formAction={reject} disabled={isRejecting} aria-label={`Reject hack ${name}`}>
          Reject
        </Button>
      </form>
      {error ? <p role="alert" className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
