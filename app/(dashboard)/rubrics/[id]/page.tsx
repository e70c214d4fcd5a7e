import { utcTime } from "@/lib/words/utc-time";
import type { Metadata } from "next";
import Link from "next/link";
import { setHackModeAction } from "@/app/actions/rubric-actions";
import { ApproveVersionForm } from "@/components/rubrics/approve-version-form";
import { CandidateList } from "@/components/rubrics/candidate-list";
import { NewDraftFromVersion } from "@/components/rubrics/new-draft-from-version";
import { RubricItemDetails } from "@/components/rubrics/rubric-item-details";
import { RubricItemForm } from "@/components/rubrics/rubric-item-form";
import { SortableItems } from "@/components/rubrics/sortable-items";
import { TryOnSample } from "@/components/rubrics/try-on-sample";
import { RedteamPanel } from "@/components/redteam/redteam-panel";
import { TrainLabOffer } from "@/components/runs/train-lab-offer";
import { ActionButton } from "@/components/settings/action-button";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { orNotFound } from "@/lib/next/or-not-found";
import { listRedteamRuns } from "@/lib/redteam/find-redteam-run";
import { requireMember } from "@/lib/next/page-context";
import { findRubricVersion } from "@/lib/rubrics/find-rubric-version";

export const metadata: Metadata = { title: "Rubric version" };

export default async function RubricVersionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ draft?: string | string[] }> }) {
  const { db, member } = await requireMember("viewer");
  const [{ id }, { draft: arrival }] = await Promise.all([params, searchParams]);
  const { version, candidates, repeated, approvedBy } = await orNotFound(findRubricVersion(db, { projectId: member.projectId, rubricVersionId: id }));
  const redteamRuns = await listRedteamRuns(db, { projectId: member.projectId, rubricVersionId: version.id });
  const isDraft = version.status === "draft";
  const isReviewer = hasRole(member.role, "reviewer");
  const canEdit = isDraft && isReviewer;
  const basedOn = version.rubric.versions.find((v) => v.id === version.basedOnId);
  const openDraft = version.rubric.versions.find((v) => v.status === "draft") ?? null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/rubrics" className="text-indigo-700 underline">
          ← Rubrics
        </Link>
      </p>
      <PageHeader
        title={`${version.rubric.name} v${version.version} (${version.status})`}
        description={`Environment ${version.rubric.environment}${basedOn ? ` · based on v${basedOn.version}` : ""}${version.approvedAt ? ` · approved by ${approvedBy ?? "system"} at ${utcTime(version.approvedAt)}` : ""}`}
      />
      {isDraft && arrival === "existing" ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          This rubric already had an open draft, so it was opened instead of making a second one{basedOn ? `; it is based on v${basedOn.version}` : ""}. Approve or edit it; a new draft can start once it is approved.
        </p>
      ) : null}
      {isDraft && arrival === "new" ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm">
          New draft v{version.version}{basedOn ? `, a copy of v${basedOn.version}'s items` : ""}. Changes here leave every approved version as it is.
        </p>
      ) : null}
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
      </div>
      {!isDraft ? (
        <div className="mb-4 space-y-2 rounded-md bg-slate-100 px-3 py-2 text-sm">
          <p>Approved versions are immutable: the reward API and training runs rely on this id meaning this checklist.</p>
          {isReviewer ? <NewDraftFromVersion rubricVersionId={version.id} version={version.version} itemCount={version.items.length} openDraft={openDraft} /> : null}
        </div>
      ) : null}

      <TrainLabOffer version={version} role={member.role} />

      <SortableItems
        rubricVersionId={version.id}
        canEdit={canEdit}
        rows={version.items.map((item) => ({ id: item.id, key: item.key, question: item.question, content: <RubricItemDetails item={item} rubricVersionId={version.id} canEdit={canEdit} /> }))}
      />
      {version.items.length === 0 ? <p className="text-sm text-slate-600">No items yet.</p> : null}

      {canEdit ? (
        <section aria-label="Add an item" className="mt-6 rounded-md border border-dashed border-slate-300 p-3">
          <h2 className="mb-2 font-medium">Add an item</h2>
          <RubricItemForm rubricVersionId={version.id} />
        </section>
      ) : null}

      {isReviewer ? <TryOnSample rubricVersionId={version.id} /> : null}

      <RedteamPanel rubricVersionId={version.id} runs={redteamRuns} canStart={isReviewer} />

      {canEdit ? (
        <CandidateList
          rubricVersionId={version.id}
          repeated={repeated}
          candidates={candidates.map((candidate) => ({ id: candidate.id, question: candidate.question, polarity: candidate.polarity, count: candidate.count, issues: (candidate.issues as string[]) ?? [], exampleTraceIds: (candidate.exampleTraceIds as string[]) ?? [] }))}
        />
      ) : null}

      {canEdit ? (
        <section aria-label="Approve" className="mt-8 border-t border-slate-200 pt-4">
          <ApproveVersionForm rubricVersionId={version.id} />
        </section>
      ) : null}
    </>
  );
}
