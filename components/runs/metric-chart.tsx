"use client";

import { Area, CartesianGrid, ComposedChart, Line, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SeriesBucket } from "@/lib/runs/downsample-series";
import type { RunChartEvent, RunDetectionWindow } from "@/lib/runs/run-chart-types";
import { smoothEma } from "@/lib/runs/smooth-ema";

export type ChartLine = { key: string; label: string; color: string; buckets: SeriesBucket[] };
type Row = { step: number } & Record<string, number | [number, number] | null>;

const eventColors: Record<string, string> = { checkpoint: "#64748b", rubric_changed: "#7c3aed", note: "#0369a1", finished: "#16a34a", failed: "#dc2626" };

/**
 * One metric (or one metric of several runs) on the shared step window: per bucket the min–max band
 * and the mean, drawn faint behind its EMA when smoothing is on; events as labelled vertical lines,
 * detections as shaded windows. On a log axis, values ≤ 0 cannot be drawn and are left out.
 */
export function MetricChart({ title, lines, domain, events = [], detections = [], isLog, smoothing, height = 220 }: {
  title: string;
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
  return (
    <figure aria-label={title} className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="mb-1 flex items-baseline justify-between text-sm font-medium">
        <span>{title}</span>
        {hidden > 0 ? <span className="text-xs font-normal text-amber-700">{isAtLeast ? "at least " : ""}{hidden.toLocaleString()} values ≤ 0 not drawn on the log scale</span> : null}
      </figcaption>
      <div style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 16, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="step" type="number" domain={domain} allowDataOverflow tick={{ fontSize: 11 }} />
            <YAxis scale={isLog ? "log" : "auto"} domain={["auto", "auto"]} allowDataOverflow tick={{ fontSize: 11 }} width={56} tickFormatter={formatTick} />
            <Tooltip formatter={(value) => (typeof value === "number" ? value.toPrecision(4) : Array.isArray(value) ? value.map((v) => Number(v).toPrecision(4)).join(" – ") : String(value))} labelFormatter={(step) => `step ${step}`} />
            {detections.map((detection) => (
              <ReferenceArea key={detection.id} ifOverflow="hidden" x1={detection.fromStep} x2={detection.toStep} fill="#dc2626" fillOpacity={0.08} stroke="#dc2626" strokeOpacity={0.3} label={{ value: detection.label, position: "insideTop", fontSize: 10, fill: "#b91c1c" }} />
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
              <ReferenceLine key={`${event.runId}:${event.step}:${i}`} x={event.step} stroke={eventColors[event.kind] ?? "#64748b"} strokeDasharray="4 2" label={{ value: event.kind, position: "top", fontSize: 10, fill: eventColors[event.kind] ?? "#64748b" }} />
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
