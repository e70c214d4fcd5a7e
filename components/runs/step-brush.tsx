"use client";

import { Brush, Line, LineChart, ResponsiveContainer, XAxis } from "recharts";
import type { SeriesBucket } from "@/lib/runs/downsample-series";
import type { StepWindow } from "./use-run-chart";

/** The whole run in miniature; dragging the brush sets the step window of every chart. */
export function StepBrush({ buckets, window, onWindow }: { buckets: SeriesBucket[]; window: StepWindow; onWindow: (window: StepWindow) => void }) {
  if (buckets.length < 2) return null;
  const startIndex = window ? Math.max(0, buckets.findIndex((bucket) => bucket.step >= window.from)) : 0;
  const after = window ? buckets.findIndex((bucket) => bucket.step > window.to) : -1;
  const endIndex = after === -1 ? buckets.length - 1 : Math.max(startIndex, after - 1);
  return (
    <div aria-label="Zoom by dragging the brush over the whole run" role="group" className="h-24 rounded-lg border border-slate-200 bg-white px-3 pt-2">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={buckets} margin={{ top: 0, right: 12, bottom: 0, left: 56 }}>
          <XAxis dataKey="step" hide />
          <Line dataKey="mean" stroke="#94a3b8" dot={false} isAnimationActive={false} />
          <Brush
            dataKey="step"
            height={28}
            stroke="#6366f1"
            startIndex={startIndex}
            endIndex={endIndex}
            onDragEnd={(range) => {
              const { startIndex, endIndex } = range as { startIndex?: number; endIndex?: number };
              if (startIndex === undefined || endIndex === undefined) return;
              const isAll = startIndex === 0 && endIndex === buckets.length - 1;
              const last = buckets[endIndex]!;
              const next = buckets[endIndex + 1];
              onWindow(isAll ? null : { from: buckets[startIndex]!.step, to: next ? next.step - 1 : last.step });
            }}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
