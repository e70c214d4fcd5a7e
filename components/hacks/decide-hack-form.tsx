"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { approveKnownHackAction, previewHackApprovalAction, rejectKnownHackAction } from "@/app/actions/hack-actions";
import { Button } from "@/components/ui/button";
import type { HackApprovalScale } from "@/lib/hacks/hack-approval-scale";
import type { ActionResult } from "@/lib/next/server-action";
import { HackApprovalConfirmation } from "./hack-approval-confirmation";

/**
 * Approve (after an inline confirmation of the rubric draft and traces it touches; its hack-check
 * item goes into that draft) or reject (with a reason). Either way the page then says what it made.
 */
export function DecideHackForm({ knownHackId, name }: { knownHackId: string; name: string }) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [scale, setScale] = useState<HackApprovalScale | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  // The action's revalidation re-renders the page without this form (the hack is no longer
  // proposed), so the code after it navigates to the entry, whose note links to what was made.
  const decide = (action: (previous: null, data: FormData) => Promise<ActionResult<unknown>>) => (data: FormData) =>
    startTransition(async () => {
      setError(null);
      const result = await action(null, data);
      if (result.ok) router.replace(`/hacks?decided=${encodeURIComponent(knownHackId)}#hack-${knownHackId}`);
      else setError(result.fields?.note ?? result.error);
    });

  const preview = () =>
    startTransition(async () => {
      setError(null);
      const result = await previewHackApprovalAction(null, new FormData(form.current!));
      if (result.ok) setScale(result.data);
      else setError(result.error);
    });

  return (
    <div className="mt-2">
      <form ref={form} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="knownHackId" value={knownHackId} />
        {/* Approve first: the note beside Reject is what a rejection needs, and reads as its own. */}
        {scale ? null : (
          <Button type="button" onClick={preview} disabled={isPending} aria-label={`Approve hack ${name}`}>
            Approve…
          </Button>
        )}
        <label className="text-sm">
          Note (needed to reject)
          <input name="note" maxLength={1000} aria-label={`Decision note for ${name}`} className="mt-1 block w-80 max-w-full rounded-md border border-slate-500 px-2 py-1" />
        </label>
        <Button type="submit" variant="danger" formAction={decide(rejectKnownHackAction)} disabled={isPending} aria-label={`Reject hack ${name}`}>
          Reject
        </Button>
        {scale ? <HackApprovalConfirmation name={name} scale={scale} formAction={decide(approveKnownHackAction)} isApproving={isPending} onCancel={() => setScale(null)} /> : null}
      </form>
      {error ? <p role="alert" className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
