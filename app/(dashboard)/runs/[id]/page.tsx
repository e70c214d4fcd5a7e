import Link from "next/link";
import { RunMetricsChart } from "@/components/runs/run-metrics-chart";
import { RunSummaryTable } from "@/components/runs/run-summary-table";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findRunDetail } from "@/lib/runs/find-run-detail";

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { run, metrics, chart } = await orNotFound(findRunDetail(db, { projectId: member.projectId, runId: id }));
  const rubric = run.rubricVersion === null ? "" : ` · rubric v${run.rubricVersion}`;
  return (
    <>
      <PageHeader
        title={run.name}
        description={`${run.trainer} · ${run.status}${rubric} · started ${new Date(run.startedAt).toLocaleString()}`}
        actions={
          <Link href={`/traces?run=${run.id}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
            Traces of this run
          </Link>
        }
      />
      <RunSummaryTable run={run} metrics={metrics} />
      {chart.length > 0 ? (
        <section className="mt-6">
          <h2 className="mb-2 text-base font-semibold">Proxy reward vs true outcome</h2>
          <RunMetricsChart rows={chart} />
        </section>
      ) : null}
    </>
  );
}
