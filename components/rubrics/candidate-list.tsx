import { dropCandidateAction } from "@/app/actions/rubric-actions";
import { ActionButton } from "@/components/settings/action-button";
import { CandidateRow, type Candidate } from "./candidate-row";

type Repeated = { id: string; question: string; itemKey: string };

/** The extracted candidates to decide, and apart from them those that repeat an item the rubric already has. */
export function CandidateList({ rubricVersionId, candidates, repeated }: { rubricVersionId: string; candidates: Candidate[]; repeated: Repeated[] }) {
  if (!candidates.length && !repeated.length) return null;
  return (
    <section aria-label="Extracted candidates" className="mt-6">
      <h2 className="mb-2 font-medium">Extracted candidates ({candidates.length})</h2>
      <ul className="space-y-2">
        {candidates.map((candidate) => (
          <CandidateRow key={candidate.id} rubricVersionId={rubricVersionId} candidate={candidate} />
        ))}
      </ul>
      {repeated.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-slate-600">
            {repeated.length} more candidate{repeated.length === 1 ? " repeats an item" : "s repeat items"} this rubric already has, so{" "}
            {repeated.length === 1 ? "it is" : "they are"} not listed above
          </summary>
          <ul className="mt-2 space-y-1">
            {repeated.map((candidate) => (
              <li key={candidate.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {candidate.question}{" "}
                  <span className="text-slate-500">
                    (already asked by <span className="font-mono">{candidate.itemKey}</span>)
                  </span>
                </span>
                <ActionButton
                  action={dropCandidateAction}
                  fields={{ candidateId: candidate.id, rubricVersionId }}
                  variant="danger"
                  label={`Drop candidate ${candidate.question}`}
                >
                  Drop
                </ActionButton>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
