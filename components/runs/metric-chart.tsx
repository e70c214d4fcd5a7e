"use client";

import { Area, CartesianGrid, ComposedChart, Line, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SeriesBucket } from "@/lib/runs/downsample-series";
import type { RunChartEvent, RunDetectionWindow } from "@/lib/runs/run-chart-types";
import { smoothEma } from "@/lib/runs/smooth-ema";
import { DetectionLabels, labelRowHeight, labelRows } from "./detection-labels";
import { chartGridColor, chartTickStyle, chartTooltipStyle } from "@/components/ui/chart-theme";
import { useElementWidth } from "./use-element-width";

export type ChartLine = { key: string; label: string; color: string; buckets: SeriesBucket[] };
type Row = { step: number } & Record<string, number | [number, number] | null>;

const yAxisWidth = 56;
const marginRight = 12;
const gridColor = chartGridColor;
const tickStyle = chartTickStyle;
const tooltipStyle = chartTooltipStyle;
const detectionColor = "#dc2626";
const driftColor = "#7c3aed";

const eventColors: Record<string, string> = { checkpoint: "#64748b", rubric_changed: "#7c3aed", note: "#0369a1", finished: "#16a34a", failed: "#dc2626" };

/**
 * One metric (or one metric of several runs) on the shared step window: per bucket the min–max band
 * and the mean, drawn faint behind its EMA when smoothing is on; events as labelled vertical lines;
 * each detection as a faint window, a solid line at its onset (a darker band over the onset's
 * interval when known) and one numbered label above the plot. On a log axis, values ≤ 0 cannot be
 * drawn and are left out. `note` says how the values are scaled when they are not raw.
 */
export function MetricChart({ title, note, legend = false, lines, domain, events = [], detections = [], isLog, smoothing, height = 220 }: {
  title: string;
  note?: string;
  /** A key of the lines under the title (for charts of several metrics). */
  legend?: boolean;
  lines: ChartLine[];
  domain: [number, number];
  events?: RunChartEvent[];
  detections?: RunDetectionWindow[];
  isLog: boolean;
  smoothing: number;
  height?: number;
}) {
  const positive = (value: number) => (isLog && value <= 0 ? null : value);
  const rows = new Map<number, Row>();
  // A bucket whose max is ≤ 0 hides all its values; one that straddles 0 hides at least one, how many
  // is not known from its min and max, so the count then says "at least".
  let hidden = 0;
  let isAtLeast = false;
  for (const line of lines) {
    const ema = smoothEma(line.buckets.map((bucket) => positive(bucket.mean)), smoothing);
    line.buckets.forEach((bucket, i) => {
      const row = rows.get(bucket.step) ?? { step: bucket.step };
      const [low, high] = [positive(bucket.min), positive(bucket.max)];
      if (high === null) hidden += bucket.count;
      else if (low === null) [hidden, isAtLeast] = [hidden + 1, true];
      row[`${line.key}:mean`] = positive(bucket.mean);
      row[`${line.key}:range`] = low !== null && high !== null && bucket.count > 1 ? [low, high] : null;
      row[`${line.key}:ema`] = ema[i] ?? null;
      rows.set(bucket.step, row);
    });
  }
  const data = [...rows.values()].sort((a, b) => a.step - b.step);
  const isSmoothed = smoothing > 0;
  const yDomain = isLog ? (["auto", "auto"] as const) : flatDomain(lines) ?? (["auto", "auto"] as const);
  const [plotRef, width] = useElementWidth<HTMLDivElement>();
  const top = detections.length ? labelRows * labelRowHeight + 4 : 16;
  return (
    <figure aria-label={title} className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="mb-1 flex items-baseline justify-between text-sm font-medium">
        <span>
          {title}
          {note ? <span className="ml-2 text-xs font-normal text-slate-600">{note}</span> : null}
        </span>
        {hidden > 0 ? <span className="text-xs font-normal text-amber-700">{isAtLeast ? "at least " : ""}{hidden.toLocaleString()} values ≤ 0 not drawn on the log scale</span> : null}
      </figcaption>
      {legend ? (
        <ul aria-label="Legend" className="mb-1 flex flex-wrap gap-x-4 text-xs text-slate-700">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: line.color }} />
              {line.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={plotRef} className="relative" style={{ height }}>
        {detections.length ? <DetectionLabels detections={detections} domain={domain} plotLeft={yAxisWidth} plotWidth={width - yAxisWidth - marginRight} /> : null}
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top, right: marginRight, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={gridColor} />
            <XAxis dataKey="step" type="number" domain={domain} allowDataOverflow tick={tickStyle} stroke={gridColor} />
            <YAxis scale={isLog ? "log" : "auto"} domain={yDomain} allowDataOverflow tick={tickStyle} stroke={gridColor} width={yAxisWidth} tickFormatter={formatTick} />
            <Tooltip contentStyle={tooltipStyle} formatter={(value) => (typeof value === "number" ? value.toPrecision(4) : Array.isArray(value) ? value.map((v) => Number(v).toPrecision(4)).join(" – ") : String(value))} labelFormatter={(step) => `step ${step}`} />
            {detections
              .filter((detection) => detection.metrics.length > 0)
              .map((detection) => (
                <ReferenceArea key={`${detection.id}:window`} ifOverflow="hidden" x1={detection.fromStep} x2={detection.toStep} fill={detectionColor} fillOpacity={0.05} stroke="none" />
              ))}
            {detections.map((detection) =>
              detection.onset.from !== null && detection.onset.to !== null ? (
                <ReferenceArea key={`${detection.id}:onset`} ifOverflow="hidden" x1={detection.onset.from} x2={detection.onset.to} fill={detectionColor} fillOpacity={0.15} stroke="none" />
              ) : null,
            )}
            {detections.map((detection) => (
              // A divergence is a solid red line; a behaviour drift (no window shaded: it moves no metric) a dashed violet one.
              <ReferenceLine key={`${detection.id}:marker`} ifOverflow="hidden" x={detection.onset.step} stroke={detection.metrics.length ? detectionColor : driftColor} strokeDasharray={detection.metrics.length ? undefined : "4 3"} strokeWidth={1.5} />
            ))}
            {lines.map((line) => (
              <Area key={`${line.key}:range`} dataKey={`${line.key}:range`} name={`${line.label} min–max`} stroke="none" fill={line.color} fillOpacity={0.12} isAnimationActive={false} connectNulls />
            ))}
            {lines.map((line) => (
              <Line key={`${line.key}:mean`} dataKey={`${line.key}:mean`} name={isSmoothed ? `${line.label} (raw)` : line.label} stroke={line.color} strokeOpacity={isSmoothed ? 0.25 : 1} dot={false} isAnimationActive={false} connectNulls />
            ))}
            {isSmoothed
              ? lines.map((line) => <Line key={`${line.key}:ema`} dataKey={`${line.key}:ema`} name={line.label} stroke={line.color} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />)
              : null}
            {events.map((event, i) => (
              <ReferenceLine key={`${event.runId}:${event.step}:${i}`} x={event.step} stroke={eventColors[event.kind] ?? "#64748b"} strokeDasharray="4 2" label={{ value: event.kind, position: "insideBottomLeft", fontSize: 10, fill: eventColors[event.kind] ?? "#64748b" }} />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function formatTick(value: number) {
  return Math.abs(value) >= 1e4 || (value !== 0 && Math.abs(value) < 1e-3) ? value.toExponential(1) : String(Number(value.toPrecision(3)));
}

/** A metric that never moves (a clip fraction of 0) is drawn in the middle of a small range around its value, not on recharts' 0–4. */
function flatDomain(lines: readonly ChartLine[]): [number, number] | null {
  let [low, high] = [Infinity, -Infinity];
  for (const line of lines)
    for (const bucket of line.buckets) {
      if (Number.isFinite(bucket.min)) low = Math.min(low, bucket.min);
      if (Number.isFinite(bucket.max)) high = Math.max(high, bucket.max);
    }
  if (!(low === high)) return null;
  const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
  return [low - pad, low + pad];
}
