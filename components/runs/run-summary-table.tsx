import { RunStatus } from "@/components/runs/run-status";
import type { RunListItem } from "@/lib/runs/list-runs";
import type { MetricOverview } from "@/lib/runs/load-run-metrics";
import { formatMetric as f } from "./format-metric";
import { LabelledArrow as Arrow } from "./labelled-arrow";

/** The run's summary numbers (the CLI's `lab run --json`) and every metric it logged with its first and last value. */
export function RunSummaryTable({ run, metrics }: { run: RunListItem; metrics: MetricOverview[] }) {
  const { summary } = run;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-label="Summary" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 className="mb-2 text-base font-semibold">Summary</h2>
        <RunStatus name={run.name} status={run.status} job={run.job} />
        {summary ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
            <dt className="text-slate-600">Steps</dt>
            <dd>{summary.steps}</dd>
            <dt className="text-slate-600">Proxy reward</dt>
            <dd><Arrow values={[["first", summary.proxyReward.first], ["last", summary.proxyReward.last]]} /></dd>
            <dt className="text-slate-600">True success (train)</dt>
            <dd><Arrow values={[["first", summary.trueSuccess.first], ["best", summary.trueSuccess.best], ["last", summary.trueSuccess.last]]} /></dd>
            <dt className="text-slate-600">True success (held-out)</dt>
            <dd><Arrow values={[["first", summary.heldOutSuccess.first], ["last", summary.heldOutSuccess.last]]} /></dd>
            <dt className="text-slate-600">Hack rate</dt>
            <dd><Arrow values={[["first", summary.hackRate.first], ["last", summary.hackRate.last]]} /></dd>
          </dl>
        ) : run.status === "queued" || run.status === "running" ? (
          <p className="mt-3 text-slate-600">The summary is written when the run finishes.</p>
        ) : (
          <MetricsSummary metrics={metrics} />
        )}
        <p className="mt-3 text-xs text-slate-600">First and last: means over the first and last 10% of steps, here and in the metrics table. Best: the highest mean of any window that long.</p>
      </section>
      <section aria-label="Metrics" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 className="mb-2 text-base font-semibold">Metrics</h2>
        {metrics.length === 0 ? (
          <p className="text-slate-600">No metric points yet.</p>
        ) : (
          <table className="w-full border-collapse">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-600">
                <th className="py-1">Name</th>
                <th className="py-1">Points</th>
                <th className="py-1" title="Mean over the metric's first 10% of points">First 10%</th>
                <th className="py-1" title="Mean over the metric's last 10% of points">Last 10%</th>
              </tr>
            </thead>
            <tbody>
              {metrics.map((m) => (
                <tr key={m.name} className="border-b border-slate-100 tabular-nums">
                  <td className="py-1 font-mono text-xs">{m.name}</td>
                  <td className="py-1">{m.points}</td>
                  <td className="py-1" title={`mean of ${m.window} point${m.window === 1 ? "" : "s"} from step ${m.firstStep}`}>{f(m.first, 3)}</td>
                  <td className="py-1" title={`mean of ${m.window} point${m.window === 1 ? "" : "s"} up to step ${m.lastStep}`}>{f(m.last, 3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** A trainer's run carries no lab summary: its reward and success metrics, first to last, stand in. */
function MetricsSummary({ metrics }: { metrics: MetricOverview[] }) {
  const key = metrics.filter((m) => /reward|success|loss|accuracy|eval/i.test(m.name)).slice(0, 6);
  if (!key.length) return <p className="mt-3 text-slate-600">{metrics.length} metric{metrics.length === 1 ? "" : "s"} logged; each one&apos;s first and last values are in the table.</p>;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
      {key.map((m) => (
        <div key={m.name} className="contents">
          <dt className="font-mono text-xs text-slate-600">{m.name}</dt>
          <dd><Arrow values={[["first", m.first], ["last", m.last]]} /></dd>
        </div>
      ))}
    </dl>
  );
}
