import type { Metadata } from "next";
import Link from "next/link";
import { deleteRubricItemAction, moveRubricItemAction, setHackModeAction } from "@/app/actions/rubric-actions";
import { ApproveVersionForm } from "@/components/rubrics/approve-version-form";
import { CandidateRow } from "@/components/rubrics/candidate-row";
import { RubricItemForm } from "@/components/rubrics/rubric-item-form";
import { TryOnSample } from "@/components/rubrics/try-on-sample";
import { TrainLabOffer } from "@/components/runs/train-lab-offer";
import { ActionButton } from "@/components/settings/action-button";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findRubricVersion } from "@/lib/rubrics/find-rubric-version";

export const metadata: Metadata = { title: "Rubric version" };

const paramsOf = (check: unknown) => {
  const { kind: _kind, ...rest } = (check ?? {}) as Record<string, unknown>;
  return Object.keys(rest).length ? JSON.stringify(rest) : "";
};

export default async function RubricVersionPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { version, candidates, approvedBy } = await orNotFound(findRubricVersion(db, { projectId: member.projectId, rubricVersionId: id }));
  const isDraft = version.status === "draft";
  const canEdit = isDraft && hasRole(member.role, "reviewer");
  const basedOn = version.rubric.versions.find((v) => v.id === version.basedOnId);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/rubrics" className="text-indigo-700 underline">
          ← Rubrics
        </Link>
      </p>
      <PageHeader
        title={`${version.rubric.name} v${version.version} (${version.status})`}
        description={`Environment ${version.rubric.environment}${basedOn ? ` · based on v${basedOn.version}` : ""}${version.approvedAt ? ` · approved by ${approvedBy ?? "system"} at ${version.approvedAt.toISOString().slice(0, 16).replace("T", " ")}` : ""}`}
      />
      <div className="mb-4 flex flex-wrap items-center gap-4 text-sm">
        <a className="text-indigo-700 underline" href={`/api/rubric-versions/${version.id}/export`}>
          Export JSON
        </a>
        {basedOn ? (
          <Link className="text-indigo-700 underline" href={`/rubrics/diff?from=${basedOn.id}&to=${version.id}`}>
            Diff against v{basedOn.version}
          </Link>
        ) : null}
        <span>
          Hack items: {version.rubric.hackMode === "zero" ? "zero the reward" : "subtract their weight"}
          {canEdit ? (
            <span className="ml-2 inline-block">
              <ActionButton action={setHackModeAction} fields={{ rubricVersionId: version.id, hackMode: version.rubric.hackMode === "zero" ? "subtract" : "zero" }}>
                Switch to {version.rubric.hackMode === "zero" ? "subtract" : "zero"}
              </ActionButton>
            </span>
          ) : null}
        </span>
        {!isDraft ? <span className="rounded bg-slate-100 px-2 py-0.5">Approved versions are immutable: start a new draft on /rubrics to change it.</span> : null}
      </div>

      <TrainLabOffer version={version} role={member.role} />

      <ol aria-label="Rubric items" className="space-y-3">
        {version.items.map((item, index) => (
          <li key={item.id} className="rounded-md border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-medium">
                  {index + 1}. {item.question}
                </p>
                <p className="text-xs text-slate-600">
                  <span className="font-mono">{item.key}</span> · {item.polarity === "hack" ? "hack check" : "good behaviour"} · weight {item.weight} · {item.checkKind === "llm" ? "LLM question" : `rule ${item.checkKind}`}{" "}
                  <span className="font-mono">{paramsOf(item.check)}</span>
                  {item.knownHack ? (
                    <>
                      {" · known hack "}
                      <Link className="text-indigo-700 underline" href={`/hacks#hack-${item.knownHack.id}`}>
                        {item.knownHack.name}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              {canEdit ? (
                <div className="flex items-center gap-1">
                  <ActionButton action={moveRubricItemAction} fields={{ rubricVersionId: version.id, itemId: item.id, direction: "up" }} label={`Move ${item.key} up`}>
                    ↑
                  </ActionButton>
                  <ActionButton action={moveRubricItemAction} fields={{ rubricVersionId: version.id, itemId: item.id, direction: "down" }} label={`Move ${item.key} down`}>
                    ↓
                  </ActionButton>
                  <ActionButton action={deleteRubricItemAction} fields={{ rubricVersionId: version.id, itemId: item.id }} variant="danger" label={`Delete ${item.key}`}>
                    Delete
                  </ActionButton>
                </div>
              ) : null}
            </div>
            {canEdit ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-indigo-700">Edit {item.key}</summary>
                <div className="mt-2">
                  <RubricItemForm
                    rubricVersionId={version.id}
                    item={{ id: item.id, key: item.key, question: item.question, polarity: item.polarity, weight: item.weight, checkKind: item.checkKind, checkParams: paramsOf(item.check) }}
                  />
                </div>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      {version.items.length === 0 ? <p className="text-sm text-slate-600">No items yet.</p> : null}

      {canEdit ? (
        <section aria-label="Add an item" className="mt-6 rounded-md border border-dashed border-slate-300 p-3">
          <h2 className="mb-2 font-medium">Add an item</h2>
          <RubricItemForm rubricVersionId={version.id} />
        </section>
      ) : null}

      {hasRole(member.role, "reviewer") ? <TryOnSample rubricVersionId={version.id} /> : null}

      {canEdit && candidates.length ? (
        <section aria-label="Extracted candidates" className="mt-6">
          <h2 className="mb-2 font-medium">Extracted candidates ({candidates.length})</h2>
          <ul className="space-y-2">
            {candidates.map((candidate) => (
              <CandidateRow
                key={candidate.id}
                rubricVersionId={version.id}
                candidate={{ id: candidate.id, question: candidate.question, polarity: candidate.polarity, count: candidate.count, issues: (candidate.issues as string[]) ?? [], exampleTraceIds: (candidate.exampleTraceIds as string[]) ?? [] }}
              />
            ))}
          </ul>
        </section>
      ) : null}

      {canEdit ? (
        <section aria-label="Approve" className="mt-8 border-t border-slate-200 pt-4">
          <ApproveVersionForm rubricVersionId={version.id} />
        </section>
      ) : null}
    </>
  );
}
