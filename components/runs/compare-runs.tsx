"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { RunListItem } from "@/lib/runs/list-runs";
import type { RunChart } from "@/lib/runs/run-chart-types";
import { fetchJson } from "@/components/ui/fetch-json";
import { ChartControls } from "./chart-controls";
import { MetricChart } from "./metric-chart";
import { RunEventsList } from "./run-events-list";
import { useRunChart, type StepWindow } from "./use-run-chart";

const palette = ["#4f46e5", "#dc2626", "#16a34a", "#d97706", "#0891b2", "#9333ea", "#475569", "#db2777"];

/** Two or more runs' chosen metric on one chart and one step axis. */
export function CompareRuns({ runs }: { runs: RunListItem[] }) {
  const runIds = runs.map((run) => run.id);
  const names = useQuery({
    queryKey: ["run-metric-names", runIds],
    queryFn: () => fetchJson<RunChart>(`/api/runs/chart?runs=${encodeURIComponent(runIds.join(","))}&metrics=`).then((chart) => chart.metricsByRun),
  });
  const metricNames = [...new Set(Object.values(names.data ?? {}).flat())].sort();
  const [picked, setPicked] = useState<string | null>(null);
  const metric = picked && metricNames.includes(picked) ? picked : (metricNames.find((name) => name === "reward/proxy") ?? metricNames[0] ?? null);
  const [window, setWindow] = useState<StepWindow>(null);
  const [isLog, setLog] = useState(false);
  const [smoothing, setSmoothing] = useState(0.6);
  const chart = useRunChart({ runIds, metrics: metric ? [metric] : [], window });
  const colorOf = new Map(runIds.map((id, i) => [id, palette[i % palette.length]!]));
  const nameOf = new Map(runs.map((run) => [run.id, run.name]));
  const detections = (chart.data?.detections ?? [])
    .filter((detection) => detection.metrics.length === 0 || (metric !== null && detection.metrics.includes(metric)))
    .map((detection) => ({ ...detection, label: `${nameOf.get(detection.runId) ?? detection.runId}: ${detection.label}` }));
  return (
    <section aria-label="Run comparison" className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-base font-semibold">Comparing {runs.map((run) => run.name).join(" vs ")}</h2>
        <label className="flex items-center gap-2 text-sm">
          Metric
          <select className="rounded border border-slate-500 px-2 py-1 font-mono text-xs" value={metric ?? ""} onChange={(event) => setPicked(event.target.value)} disabled={metricNames.length === 0}>
            {metricNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ChartControls isLog={isLog} onLog={setLog} smoothing={smoothing} onSmoothing={setSmoothing} window={window} onWindow={setWindow} />
      {names.error || chart.error ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the comparison: {(names.error ?? chart.error)!.message}
        </p>
      ) : null}
      {chart.data?.window && metric ? (
        <MetricChart
          title={`${metric} by run`}
          height={320}
          lines={chart.data.series.map((series) => ({ key: series.runId, label: series.runName, color: colorOf.get(series.runId)!, buckets: series.buckets }))}
          domain={[chart.data.window.from, chart.data.window.to]}
          events={chart.data.events}
          detections={detections}
          isLog={isLog}
          smoothing={smoothing}
        />
      ) : names.data && !metric ? (
        <p className="text-sm text-slate-500">These runs have no metrics yet.</p>
      ) : null}
      {chart.data?.window && metric ? <RunEventsList events={chart.data.events} unplacedEvents={chart.data.unplacedEvents} runNames={nameOf} /> : null}
      <ul aria-label="Legend" className="flex flex-wrap gap-4 text-xs">
        {runs.map((run) => (
          <li key={run.id} className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block h-2 w-4 rounded" style={{ background: colorOf.get(run.id) }} />
            {run.name}
            {chart.data && !chart.data.series.some((series) => series.runId === run.id) ? <span className="text-slate-600">(no {metric ?? "points"})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
