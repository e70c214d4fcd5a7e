import Link from "next/link";
import { deleteRubricItemAction } from "@/app/actions/rubric-actions";
import { ActionButton } from "@/components/settings/action-button";
import { describeCheck } from "@/lib/hacks/describe-check";
import { rubricCheckSchema, type RubricCheckInput } from "@/lib/checks/rubric-check-schema";
import { RubricItemForm } from "./rubric-item-form";

type Item = {
  id: string;
  key: string;
  question: string;
  polarity: string;
  weight: number;
  checkKind: string;
  check: unknown;
  knownHack: { id: string; name: string } | null;
};

/** The check in words (its exact JSON on hover); a stored check that no longer validates is shown as stored, marked. */
function CheckSummary({ check }: { check: unknown }) {
  const parsed = rubricCheckSchema.safeParse(check);
  const json = JSON.stringify(check);
  if (!parsed.success)
    return (
      <span className="font-mono text-red-700">
        {json} (does not validate: {parsed.error.issues[0]?.message})
      </span>
    );
  return (
    <span title={json}>
      {parsed.data.kind === "llm" ? "LLM question" : "rule"}: {describeCheck(parsed.data)}
    </span>
  );
}

/** Below an item's question: what it is, how it is checked, and in a draft its delete button and edit form. */
export function RubricItemDetails({ item, rubricVersionId, canEdit }: { item: Item; rubricVersionId: string; canEdit: boolean }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 break-words text-xs text-slate-600">
          <span className="font-mono">{item.key}</span> · {item.polarity === "hack" ? "hack check" : "good behaviour"} · weight {item.weight} ·{" "}
          <CheckSummary check={item.check} />
          {item.knownHack ? (
            <>
              {" · known hack "}
              <Link className="text-indigo-700 underline" href={`/hacks#hack-${item.knownHack.id}`}>
                {item.knownHack.name}
              </Link>
            </>
          ) : null}
        </p>
        {canEdit ? (
          <ActionButton action={deleteRubricItemAction} fields={{ rubricVersionId, itemId: item.id }} variant="danger" label={`Delete ${item.key}`}>
            Delete
          </ActionButton>
        ) : null}
      </div>
      {canEdit ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-indigo-700">Edit {item.key}</summary>
          <div className="mt-2">
            <RubricItemForm
              rubricVersionId={rubricVersionId}
              item={{
                id: item.id,
                key: item.key,
                question: item.question,
                polarity: item.polarity,
                weight: item.weight,
                check: item.check as RubricCheckInput,
              }}
            />
          </div>
        </details>
      ) : null}
    </>
  );
}
