"use client";

import { useState, useTransition } from "react";
import { previewRubricApprovalAction } from "@/app/actions/rubric-approval-actions";
import { approveRubricVersionAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import type { RubricApprovalScale } from "@/lib/rubrics/rubric-approval-scale";
import { RubricApprovalConfirmation } from "./rubric-approval-confirmation";

/** Approve in two clicks: the first shows which rubric and how many traces it will score, the second approves. */
export function ApproveVersionForm({ rubricVersionId }: { rubricVersionId: string }) {
  const [state, formProps, isPending] = useFormAction(approveRubricVersionAction, null);
  const [scale, setScale] = useState<RubricApprovalScale | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [isPreviewing, startPreview] = useTransition();
  const error = previewError ?? (state && !state.ok ? state.error : null);
  const preview = () =>
    startPreview(async () => {
      setPreviewError(null);
      const result = await previewRubricApprovalAction(null, new FormData(formProps.ref.current!));
      if (result.ok) setScale(result.data);
      else setPreviewError(result.error);
    });
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="rubricVersionId" value={rubricVersionId} />
      <label className="text-sm">
        Approval note
        <input name="note" maxLength={500} className="mt-1 block rounded-md border border-slate-500 px-2 py-1" />
      </label>
      {scale ? (
        <RubricApprovalConfirmation scale={scale} isApproving={isPending} onCancel={() => setScale(null)} />
      ) : (
        <Button type="button" onClick={preview} disabled={isPreviewing}>
          Approve version…
        </Button>
      )}
      {error ? <span role="alert" className="text-sm text-red-700">{error}</span> : null}
    </form>
  );
}
