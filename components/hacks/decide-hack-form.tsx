"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, useState, useTransition } from "react";
import { approveKnownHackAction, previewHackApprovalAction, rejectKnownHackAction } from "@/app/actions/hack-actions";
import { Button } from "@/components/ui/button";
import type { HackApprovalScale } from "@/lib/hacks/hack-approval-scale";
import { HackApprovalConfirmation } from "./hack-approval-confirmation";

/**
 * Approve (after an inline confirmation of the rubric draft and traces it touches; its hack-check
 * item goes into that draft) or reject (with a reason). Either way the page then says what it made.
 */
export function DecideHackForm({ knownHackId, name }: { knownHackId: string; name: string }) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [approved, approve, isApproving] = useActionState(approveKnownHackAction, null);
  const [rejected, reject, isRejecting] = useActionState(rejectKnownHackAction, null);
  const [scale, setScale] = useState<HackApprovalScale | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [isPreviewing, startPreview] = useTransition();
  const decided = (approved?.ok ? approved : null) ?? (rejected?.ok ? rejected : null);
  const error = previewError ?? (approved && !approved.ok ? approved.error : null) ?? (rejected && !rejected.ok ? (rejected.fields?.note ?? rejected.error) : null);

  useEffect(() => {
    // The entry leaves the proposed list: the page's note on this hack links to what the decision made.
    if (decided) router.replace(`/hacks?decided=${encodeURIComponent(knownHackId)}#hack-${knownHackId}`);
  }, [decided, knownHackId, router]);

  const preview = () =>
    startPreview(async () => {
      setPreviewError(null);
      const result = await previewHackApprovalAction(null, new FormData(form.current!));
      if (result.ok) setScale(result.data);
      else setPreviewError(result.error);
    });

  return (
    <div className="mt-2">
      <form ref={form} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="knownHackId" value={knownHackId} />
        <label className="text-sm">
          Why (needed to reject)
          <input name="note" maxLength={1000} aria-label={`Decision note for ${name}`} className="mt-1 block w-80 max-w-full rounded-md border border-slate-300 px-2 py-1" />
        </label>
        {scale ? null : (
          <Button type="button" onClick={preview} disabled={isPreviewing} aria-label={`Approve hack ${name}`}>
            Approve…
          </Button>
        )}
        <Button type="submit" variant="danger" formAction={reject} disabled={isRejecting} aria-label={`Reject hack ${name}`}>
          Reject
        </Button>
        {scale ? <HackApprovalConfirmation name={name} scale={scale} formAction={approve} isApproving={isApproving} onCancel={() => setScale(null)} /> : null}
      </form>
      {error ? <p role="alert" className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
