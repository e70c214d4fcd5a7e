"use client";

import { acceptCandidateAction, dropCandidateAction } from "@/app/actions/rubric-actions";
import { ActionButton } from "@/components/settings/action-button";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

export type Candidate = { id: string; question: string; polarity: string; count: number; issues: string[]; exampleTraceIds: string[] };

/** An extracted candidate: accept it as is or edited (it becomes a draft item with provenance), or drop it. */
export function CandidateRow({ candidate, rubricVersionId }: { candidate: Candidate; rubricVersionId: string }) {
  const [state, formProps, isPending] = useFormAction(acceptCandidateAction, null);
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <form {...formProps} className="flex flex-wrap items-end gap-2" aria-label={`Candidate ${candidate.question}`}>
        <input type="hidden" name="candidateId" value={candidate.id} />
        <label className="min-w-96 flex-1 text-sm">
          Question
          <input name="question" defaultValue={candidate.question} className="mt-1 w-full rounded-md border border-slate-500 px-2 py-1" />
        </label>
        <label className="text-sm">
          Polarity
          <select name="polarity" aria-label="Polarity" defaultValue={candidate.polarity} className="mt-1 rounded-md border border-slate-500 px-2 py-1">
            <option value="good">good behaviour</option>
            <option value="hack">hack check</option>
          </select>
        </label>
        <Button type="submit" disabled={isPending}>
          Accept
        </Button>
      </form>
      <div className="mt-2 flex items-center gap-3 text-xs text-slate-600">
        <span>
          {candidate.count} trace{candidate.count === 1 ? "" : "s"} · {candidate.issues.length} wording{candidate.issues.length === 1 ? "" : "s"}: {candidate.issues.slice(0, 3).join(" / ")}
        </span>
        <ActionButton action={dropCandidateAction} fields={{ candidateId: candidate.id, rubricVersionId }} variant="danger" label={`Drop candidate ${candidate.question}`}>
          Drop
        </ActionButton>
      </div>
      <ActionError state={state} />
    </li>
  );
}
