"use client";

import { useState } from "react";
import { ChartControls } from "./chart-controls";
import { MetricChart } from "./metric-chart";
import { RunEventsList } from "./run-events-list";
import { RunRolloutsTable } from "./run-rollouts-table";
import { StepBrush } from "./step-brush";
import { useRunChart, type StepWindow } from "./use-run-chart";

const maxDefaultMetrics = 12;

/**
 * The run page's charts: one small chart per chosen metric on one step window, zoomed with the
 * brush or the step fields; the rollouts of that window below. The monitor's detections come with the
 * chart data and are shaded on the charts of their metrics.
 */
export function RunCharts({ runId, metricNames }: { runId: string; metricNames: string[] }) {
  const [chosen, setChosen] = useState(() => metricNames.slice(0, maxDefaultMetrics));
  const [window, setWindow] = useState<StepWindow>(null);
  const [isLog, setLog] = useState(false);
  const [smoothing, setSmoothing] = useState(0.6);
  const chart = useRunChart({ runIds: [runId], metrics: chosen, window });
  const overview = useRunChart({ runIds: [runId], metrics: chosen.slice(0, 1), window: null });
  const toggle = (name: string) => setChosen((current) => (current.includes(name) ? current.filter((n) => n !== name) : metricNames.filter((n) => n === name || current.includes(n))));
  // With no metric chosen the query is off, and its last answer must not stay on screen.
  const data = chosen.length > 0 ? chart.data : undefined;
  return (
    <div className="space-y-3">
      <fieldset className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <legend className="px-1 text-xs font-medium uppercase text-slate-500">Metrics</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {metricNames.map((name) => (
            <label key={name} className="flex items-center gap-1.5 font-mono text-xs">
              <input type="checkbox" checked={chosen.includes(name)} onChange={() => toggle(name)} />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <ChartControls isLog={isLog} onLog={setLog} smoothing={smoothing} onSmoothing={setSmoothing} window={window} onWindow={setWindow} />
      {overview.data?.series[0] ? <StepBrush buckets={overview.data.series[0].buckets} window={window} onWindow={setWindow} /> : null}
      {chart.error ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the charts: {chart.error.message}
        </p>
      ) : null}
      {data?.window ? (
        <>
          <p className="text-xs text-slate-500" aria-live="polite">
            Steps {data.window.from.toLocaleString()}–{data.window.to.toLocaleString()}
            {data.window.bucketWidth > 1 ? ` · ${data.window.bucketWidth.toLocaleString()} steps per point (mean line, min–max band)` : ""}
            {chart.isFetching ? " · loading…" : ""}
          </p>
          <div className="grid gap-3 lg:grid-cols-2">
            {data.series.map((series) => (
              <MetricChart
                key={series.metric}
                title={series.metric}
                lines={[{ key: "run", label: series.metric, color: "#4f46e5", buckets: series.buckets }]}
                domain={[data.window!.from, data.window!.to]}
                events={data.events}
                detections={data.detections.filter((detection) => detection.metrics.length === 0 || detection.metrics.includes(series.metric))}
                isLog={isLog}
                smoothing={smoothing}
              />
            ))}
          </div>
          <RunEventsList events={data.events} unplacedEvents={data.unplacedEvents} />
        </>
      ) : chosen.length === 0 ? (
        <p className="text-sm text-slate-500">Choose a metric to chart.</p>
      ) : chart.isPending ? (
        <p className="text-sm text-slate-500">Loading the charts…</p>
      ) : (
        <p className="text-sm text-slate-500">No points for the chosen metrics.</p>
      )}
      <RunRolloutsTable runId={runId} window={window} />
    </div>
  );
}
