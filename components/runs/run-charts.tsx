"use client";

import { useState, type ReactNode } from "react";
import { divergencePairs, type MetricPair } from "@/lib/monitor/divergence-pairs";
import { normaliseBuckets } from "@/lib/runs/normalise-buckets";
import type { RunChart } from "@/lib/runs/run-chart-types";
import { ChartControls } from "./chart-controls";
import { MetricChart } from "./metric-chart";
import { RunEventsList } from "./run-events-list";
import { RunRolloutsTable } from "./run-rollouts-table";
import { StepBrush } from "./step-brush";
import { useRunChart, type StepWindow } from "./use-run-chart";

const maxDefaultMetrics = 12;
const maxPairCharts = 4;
const proxyColor = "#4f46e5";
const referenceColor = "#d97706";

/**
 * The run page's charts, first on the page: each watched proxy/reference pair on one chart (both
 * rescaled to their own range on one step axis) with the monitor's detections, then one small chart
 * per chosen metric on the same step window, zoomed with the brush or the step fields; the page's
 * children (what the monitor found, the tables) next, and the rollouts of that window last.
 */
export function RunCharts({ runId, metricNames, children }: { runId: string; metricNames: string[]; children?: ReactNode }) {
  const [chosen, setChosen] = useState(() => metricNames.slice(0, maxDefaultMetrics));
  const [window, setWindow] = useState<StepWindow>(null);
  const [isLog, setLog] = useState(false);
  const [smoothing, setSmoothing] = useState(0.6);
  const guessed = divergencePairs(metricNames, undefined);
  const pairMetrics = [...new Set(guessed.slice(0, maxPairCharts).flatMap((p) => [p.proxy, p.reference]))];
  const queried = [...new Set([...pairMetrics, ...chosen])];
  const chart = useRunChart({ runIds: [runId], metrics: queried, window });
  // The brush draws the first proxy reward over the whole run: a metric that moves, not whichever comes first.
  const overviewMetric = guessed[0]?.proxy ?? chosen[0];
  const overview = useRunChart({ runIds: [runId], metrics: overviewMetric ? [overviewMetric] : [], window: null });
  const toggle = (name: string) => setChosen((current) => (current.includes(name) ? current.filter((n) => n !== name) : metricNames.filter((n) => n === name || current.includes(n))));
  const data = queried.length > 0 ? chart.data : undefined;
  const pairs = data ? pairsToDraw(data, guessed) : [];
  return (
    <div className="space-y-3">
      {chart.error ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the charts: {chart.error.message}
        </p>
      ) : null}
      {data?.window ? (
        <>
          {pairs.length ? (
            <div className="grid gap-3 lg:grid-cols-2">
              {pairs.map((pair) => (
                <PairChart key={`${pair.proxy}|${pair.reference}`} pair={pair} data={data} isLog={false} smoothing={smoothing} />
              ))}
            </div>
          ) : null}
          <p className="text-xs text-slate-600" aria-live="polite">
            Steps {data.window.from.toLocaleString()}–{data.window.to.toLocaleString()}
            {data.window.bucketWidth > 1 ? ` · ${data.window.bucketWidth.toLocaleString()} steps per point (mean line, min–max band)` : ""}
            {chart.isFetching ? " · loading…" : ""}
          </p>
          <div className="grid gap-3 lg:grid-cols-2 xl:grid-cols-3">
            {data.series
              .filter((series) => chosen.includes(series.metric))
              .map((series) => (
                <MetricChart
                  key={series.metric}
                  title={series.metric}
                  height={180}
                  lines={[{ key: "run", label: series.metric, color: proxyColor, buckets: series.buckets }]}
                  domain={[data.window!.from, data.window!.to]}
                  events={data.events}
                  detections={data.detections.filter((detection) => detection.metrics.includes(series.metric))}
                  isLog={isLog}
                  smoothing={smoothing}
                />
              ))}
          </div>
          <RunEventsList events={data.events} unplacedEvents={data.unplacedEvents} />
        </>
      ) : queried.length === 0 ? (
        <p className="text-sm text-slate-600">Choose a metric to chart.</p>
      ) : chart.isPending ? (
        <p className="text-sm text-slate-600">Loading the charts…</p>
      ) : (
        <p className="text-sm text-slate-600">No points for the chosen metrics.</p>
      )}
      <ChartControls isLog={isLog} onLog={setLog} smoothing={smoothing} onSmoothing={setSmoothing} window={window} onWindow={setWindow} />
      {overview.data?.series[0] ? <StepBrush buckets={overview.data.series[0].buckets} window={window} onWindow={setWindow} /> : null}
      <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium">
          Metrics charted: {chosen.length} of {metricNames.length}
        </summary>
        <fieldset className="mt-2">
          <legend className="sr-only">Metrics to chart</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {metricNames.map((name) => (
              <label key={name} className="flex items-center gap-1.5 font-mono text-xs">
                <input type="checkbox" checked={chosen.includes(name)} onChange={() => toggle(name)} />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      {children}
      <RunRolloutsTable runId={runId} window={window} />
    </div>
  );
}

/** The pairs the monitor found diverging first, then the other guessed pairs, those with points only. */
function pairsToDraw(data: RunChart, guessed: MetricPair[]): MetricPair[] {
  const key = (p: MetricPair) => `${p.proxy}|${p.reference}`;
  const detected = data.detections.filter((d) => d.metrics.length === 2).map((d) => ({ proxy: d.metrics[0]!, reference: d.metrics[1]! }));
  const logged = new Set(data.series.map((s) => s.metric));
  const unique = new Map([...detected, ...guessed].map((p) => [key(p), p]));
  return [...unique.values()].filter((p) => logged.has(p.proxy) && logged.has(p.reference)).slice(0, maxPairCharts);
}

function PairChart({ pair, data, isLog, smoothing }: { pair: MetricPair; data: RunChart; isLog: boolean; smoothing: number }) {
  const bucketsOf = (metric: string) => normaliseBuckets(data.series.find((s) => s.metric === metric)?.buckets ?? []);
  // A behaviour drift moves no one metric; it is drawn here, beside the divergences, and not on every metric's chart.
  const detections = data.detections.filter((d) => d.metrics.length === 0 || (d.metrics.includes(pair.proxy) && d.metrics.includes(pair.reference)));
  return (
    <MetricChart
      title={`${pair.proxy} vs ${pair.reference}`}
      note="normalised: each line scaled 0–1 over its own range"
      height={240}
      lines={[
        { key: "proxy", label: `${pair.proxy} (proxy)`, color: proxyColor, buckets: bucketsOf(pair.proxy) },
        { key: "reference", label: `${pair.reference} (reference)`, color: referenceColor, buckets: bucketsOf(pair.reference) },
      ]}
      legend
      domain={[data.window!.from, data.window!.to]}
      detections={detections}
      isLog={isLog}
      smoothing={smoothing}
    />
  );
}
