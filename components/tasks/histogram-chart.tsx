"use client";

import { chartGridColor, chartLabelStyle, chartTickStyle, chartTooltipStyle } from "@/components/ui/chart-theme";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { HistogramBin } from "@/lib/tasks/difficulty";

/** Bars over equal bins; `highlight` picks the bins drawn in the accent colour (the band, a gap). */
export function HistogramChart({
  title,
  caption,
  bins,
  highlight,
  color,
  highlightColor,
  xLabel,
  emptyText,
}: {
  title: string;
  caption: string;
  bins: HistogramBin[];
  highlight: (bin: HistogramBin) => boolean;
  color: string;
  highlightColor: string;
  xLabel: string;
  /** Said in place of a chart whose every bin is empty (bare axes read as a chart that failed to load). */
  emptyText?: string;
}) {
  // A true minus sign, and "to" where a dash between two negative numbers would read as "-1.00–-0.90".
  const signed = (value: number) => value.toFixed(2).replace("-", "−");
  const data = bins.map((bin) => ({ ...bin, label: bin.from < 0 ? `${signed(bin.from)} to ${signed(bin.to)}` : `${signed(bin.from)}–${signed(bin.to)}` }));
  return (
    <figure aria-label={title} className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="mb-1 flex items-baseline justify-between text-sm font-medium">
        <span>{title}</span>
        <span className="text-xs font-normal text-slate-500">{caption}</span>
      </figcaption>
      {emptyText && bins.every((bin) => bin.count === 0) ? (
        <p className="flex items-center justify-center text-center text-sm text-slate-600" style={{ height: 220 }}>
          {emptyText}
        </p>
      ) : (
        <div style={{ height: 220 }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 12, bottom: 16, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={chartGridColor} />
              <XAxis
                dataKey="label"
                tick={{ ...chartTickStyle, fontSize: 10 }}
                stroke={chartGridColor}
                interval="preserveStartEnd"
                label={{ value: xLabel, position: "insideBottom", offset: -8, ...chartLabelStyle }}
              />
              <YAxis
                allowDecimals={false}
                tick={chartTickStyle}
                stroke={chartGridColor}
                width={48}
                label={{ value: "tasks", angle: -90, position: "insideLeft", offset: 8, ...chartLabelStyle }}
              />
              <Tooltip contentStyle={chartTooltipStyle} formatter={(value) => [String(value), "tasks"]} />
              <Bar dataKey="count" isAnimationActive={false}>
                {data.map((bin) => (
                  <Cell key={bin.label} fill={highlight(bin) ? highlightColor : color} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
