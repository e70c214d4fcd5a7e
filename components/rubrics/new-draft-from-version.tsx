"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId } from "react";
import { startDraftFromVersionAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";
import { draftHref } from "./draft-href";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

type Props = { rubricVersionId: string; version: number; itemCount: number; openDraft: { id: string; version: number } | null };

/** The explicit way to change an approved version: copy it into a new draft, or open the rubric's one open draft. */
export function NewDraftFromVersion({ rubricVersionId, version, itemCount, openDraft }: Props) {
  const router = useRouter();
  const descriptionId = useId();
  const [state, formProps, isPending] = useFormAction(startDraftFromVersionAction, null);
  useEffect(() => {
    if (state?.ok) router.push(draftHref(state.data));
  }, [state, router]);
  return (
    <form {...formProps} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="rubricVersionId" value={rubricVersionId} />
      <Button type="submit" variant="secondary" disabled={isPending} aria-describedby={descriptionId}>
        {openDraft ? `Open draft v${openDraft.version}` : "New draft from this version"}
      </Button>
      <span id={descriptionId} className="text-slate-600">
        {openDraft
          ? `This rubric already has an open draft (v${openDraft.version}); a rubric has one draft at a time, so this opens it instead of copying v${version}.`
          : `Copies v${version}'s ${itemCount} item${itemCount === 1 ? "" : "s"} into a new draft you can edit; v${version} itself never changes.`}
      </span>
      <ActionError state={state} inline className="text-red-700" />
    </form>
  );
}
