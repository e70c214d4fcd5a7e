import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findRun } from "@/lib/runs/find-run";

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const run = await orNotFound(findRun(db, { projectId: member.projectId, runId: id }));
  return <PageHeader title={run.name} description={`${run.trainer} · ${run.status} · started ${run.startedAt.toISOString()}`} />;
}
