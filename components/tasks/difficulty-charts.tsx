"use client";

import type { DifficultyBand, HistogramBin } from "@/lib/tasks/difficulty";
import { NO_GAP_BELOW } from "@/lib/tasks/grounding-gap";
import { HistogramChart } from "./histogram-chart";

/** The pass-rate histogram with the band shaded, and the grounding-gap distribution with the no-gap bins marked. */
export function DifficultyCharts({ passRateHistogram, gapHistogram, band, inBand, noGap }: { passRateHistogram: HistogramBin[]; gapHistogram: HistogramBin[]; band: DifficultyBand; inBand: number; noGap: number }) {
  const [rated, gaps] = [passRateHistogram, gapHistogram].map((bins) => bins.reduce((sum, bin) => sum + bin.count, 0));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <HistogramChart
        title="Pass-rate histogram"
        caption={`${rated} tasks with rollouts, ${inBand} in the band ${band.low}–${band.high}`}
        bins={passRateHistogram}
        highlight={(bin) => bin.to > band.low && bin.from < band.high}
        color="#cbd5e1"
        highlightColor="#4f46e5"
        xLabel="pass rate over the task's rollouts"
      />
      <HistogramChart
        title="Grounding gap"
        caption={`${gaps} tasks measured, ${noGap} with no gap`}
        bins={gapHistogram}
        highlight={(bin) => bin.to > -NO_GAP_BELOW && bin.from < NO_GAP_BELOW}
        color="#0d9488"
        highlightColor="#f59e0b"
        xLabel="judged score with context minus without"
        emptyText="No task measured yet: a grounding A/B judges each task's rollouts with and without its context."
      />
    </div>
  );
}
