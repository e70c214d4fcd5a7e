import Link from "next/link";
import { RunCharts } from "@/components/runs/run-charts";
import { RunDetectionsList } from "@/components/runs/run-detections-list";
import { RunSummaryTable } from "@/components/runs/run-summary-table";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findReplacedRun } from "@/lib/runs/find-replaced-run";
import { findRunDetail } from "@/lib/runs/find-run-detail";
import { listRunDetections } from "@/lib/runs/list-run-detections";

const buttonClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { run, metrics } = await orNotFound(findRunDetail(db, { projectId: member.projectId, runId: id }));
  const [detections, otherVersion] = await Promise.all([listRunDetections(db, { projectId: member.projectId, runId: run.id }), findReplacedRun(db, { projectId: member.projectId, runId: run.id })]);
  const rubric = run.rubricVersion === null ? "" : ` · rubric v${run.rubricVersion}`;
  return (
    <>
      <PageHeader
        title={run.name}
        description={`${run.trainer} · ${run.status}${rubric} · started ${new Date(run.startedAt).toLocaleString()}`}
        actions={
          <>
            {otherVersion ? (
              <Link href={`/runs?compare=${run.id},${otherVersion.id}`} className={buttonClass}>
                Compare with {otherVersion.name} (another rubric version)
              </Link>
            ) : null}
            <Link href={`/traces?run=${run.id}`} className={buttonClass}>
              Traces of this run
            </Link>
          </>
        }
      />
      <RunSummaryTable run={run} metrics={metrics} />
      <RunDetectionsList detections={detections} />
      <section aria-label="Charts" className="mt-6">
        <h2 className="mb-2 text-base font-semibold">Metrics by step</h2>
        {metrics.length > 0 ? <RunCharts runId={run.id} metricNames={metrics.map((metric) => metric.name)} /> : <p className="text-sm text-slate-500">No metrics logged yet.</p>}
      </section>
    </>
  );
}
