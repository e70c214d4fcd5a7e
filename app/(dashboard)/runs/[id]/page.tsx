import Link from "next/link";
import { RunCharts } from "@/components/runs/run-charts";
import { RunSummaryTable } from "@/components/runs/run-summary-table";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findRunDetail } from "@/lib/runs/find-run-detail";

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { run, metrics } = await orNotFound(findRunDetail(db, { projectId: member.projectId, runId: id }));
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
      <section aria-label="Charts" className="mt-6">
        <h2 className="mb-2 text-base font-semibold">Metrics by step</h2>
        {metrics.length > 0 ? <RunCharts runId={run.id} metricNames={metrics.map((metric) => metric.name)} /> : <p className="text-sm text-slate-500">No metrics logged yet.</p>}
      </section>
    </>
  );
}
