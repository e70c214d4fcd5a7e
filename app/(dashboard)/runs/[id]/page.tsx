import { utcTime } from "@/lib/words/utc-time";
import type { Metadata } from "next";
import Link from "next/link";
import { RunCharts } from "@/components/runs/run-charts";
import { RunDetectionsList } from "@/components/runs/run-detections-list";
import { RunHackRisk } from "@/components/runs/run-hack-risk";
import { RunSummaryTable } from "@/components/runs/run-summary-table";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import { listEdgeCases } from "@/lib/review/list-edge-cases";
import { findReplacedRun } from "@/lib/runs/find-replaced-run";
import { findRunDetail } from "@/lib/runs/find-run-detail";
import { listRunDetections } from "@/lib/runs/list-run-detections";

export const metadata: Metadata = { title: "Run" };

const buttonClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";

/** A run, charts first (as trainers read W&B): the pair charts with the monitor's detections, every metric, then what was found and the tables. */
export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { run, metrics } = await orNotFound(findRunDetail(db, { projectId: member.projectId, runId: id }));
  const [detections, otherVersion, openCases] = await Promise.all([
    listRunDetections(db, { projectId: member.projectId, runId: run.id }),
    findReplacedRun(db, { projectId: member.projectId, runId: run.id }),
    listEdgeCases(db, { projectId: member.projectId, userId: member.userId, query: edgeCaseQuerySchema.parse({ run: run.id, limit: 1 }) }),
  ]);
  const found = (
    <>
      <RunDetectionsList runId={run.id} detections={detections} />
      <div className="mt-6">
        <RunSummaryTable run={run} metrics={metrics} />
      </div>
    </>
  );
  const rubric = run.rubricVersion === null ? "" : ` · rubric v${run.rubricVersion}`;
  return (
    <>
      <PageHeader
        title={run.name}
        description={`${run.trainer} · ${run.status}${rubric} · started ${utcTime(run.startedAt)}`}
        actions={
          <>
            <Link href={`/review?run=${encodeURIComponent(run.id)}`} className={buttonClass}>
              {openCases.total ? `Review its ${openCases.total} open case${openCases.total === 1 ? "" : "s"}` : "No open cases"}
            </Link>
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
      <RunHackRisk hackRisk={run.hackRisk} />
      <section aria-label="Charts">
        <h2 className="sr-only">Metrics by step</h2>
        {metrics.length > 0 ? (
          <RunCharts runId={run.id} metricNames={metrics.map((metric) => metric.name)}>
            {found}
          </RunCharts>
        ) : (
          <>
            <p className="text-sm text-slate-600">No metrics logged yet.</p>
            {found}
          </>
        )}
      </section>
    </>
  );
}
