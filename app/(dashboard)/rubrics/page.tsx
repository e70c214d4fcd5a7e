import { utcTime } from "@/lib/words/utc-time";
import type { Metadata } from "next";
import Link from "next/link";
import { startExtractionAction } from "@/app/actions/rubric-actions";
import { NewDraftForm } from "@/components/rubrics/new-draft-form";
import { ActionButton } from "@/components/settings/action-button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { requireMember } from "@/lib/next/page-context";
import { listRubrics } from "@/lib/rubrics/list-rubrics";

export const metadata: Metadata = { title: "Rubrics" };

export default async function RubricsPage() {
  const { db, member } = await requireMember("viewer");
  const rubrics = await listRubrics(db, { projectId: member.projectId });
  const canEdit = hasRole(member.role, "reviewer");
  return (
    <>
      <PageHeader title="Rubrics" description="Yes/no checklists per environment: drafts, approved versions and their diffs." />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        {canEdit ? <NewDraftForm /> : <span />}
        {rubrics.length ? (
          <Link className="text-sm text-indigo-700 underline" href="/rubrics/diff">
            Compare any two versions
          </Link>
        ) : null}
      </div>
      {rubrics.length === 0 ? (
        <EmptyState title="No rubrics yet">
          <p>Rubric items are extracted from judge rationales once traces have verdicts; a reviewer edits and approves them into a version.</p>
          <p>The built-in lab seeds the lab environment&apos;s rubric v1.</p>
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {rubrics.map((rubric) => {
            const latestApproved = rubric.versions.find((v) => v.status === "approved");
            const openDraft = rubric.versions.find((v) => v.status === "draft");
            return (
              <section key={rubric.id} aria-label={`Rubric ${rubric.environment}`} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 className="text-lg font-semibold">
                    {rubric.name} <span className="text-sm font-normal text-slate-500">environment {rubric.environment} · hack items {rubric.hackMode === "zero" ? "zero the reward" : "subtract their weight"}</span>
                  </h2>
                  {canEdit ? (
                    <div className="flex items-center gap-2">
                      {openDraft ? (
                        <Link className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium" href={`/rubrics/${openDraft.id}`}>
                          Open draft v{openDraft.version}
                        </Link>
                      ) : (
                        <NewDraftForm environment={rubric.environment} fromVersion={latestApproved?.version} />
                      )}
                      <ActionButton action={startExtractionAction} fields={{ environment: rubric.environment }} label={`Extract candidates for ${rubric.environment}`}>
                        Extract candidates
                      </ActionButton>
                    </div>
                  ) : null}
                </div>
                {rubric.openCandidates ? <p className="mt-1 text-sm text-amber-700">{rubric.openCandidates === 1 ? "1 extracted candidate waits" : `${rubric.openCandidates} extracted candidates wait`} in the draft editor.</p> : null}
                <table className="mt-3 w-full text-sm">
                  <thead>
                    <tr className="text-left text-slate-500">
                      <th>Version</th>
                      <th>Status</th>
                      <th>Items</th>
                      <th>Approved</th>
                      <th>Id (for the reward API)</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {rubric.versions.map((version) => (
                      <tr key={version.id} className="border-t border-slate-100">
                        <td>
                          <Link className="text-indigo-700 underline" href={`/rubrics/${version.id}`}>
                            v{version.version}
                          </Link>
                        </td>
                        <td>{version.status}</td>
                        <td>{version._count.items}</td>
                        <td>{version.approvedAt ? `${version.approvedBy ?? "system"}, ${utcTime(version.approvedAt)}` : "—"}</td>
                        <td className="font-mono text-xs">{version.id}</td>
                        <td>
                          {latestApproved && latestApproved.id !== version.id ? (
                            <Link className="text-indigo-700 underline" href={`/rubrics/diff?from=${latestApproved.id}&to=${version.id}`}>
                              diff vs v{latestApproved.version}
                            </Link>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
