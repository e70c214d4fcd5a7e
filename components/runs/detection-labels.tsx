"use client";

import Link from "next/link";
import { layoutDetectionLabels } from "@/lib/runs/layout-detection-labels";
import type { RunDetectionWindow } from "@/lib/runs/run-chart-types";

export const labelRowHeight = 18;
export const labelRows = 2;
const labelWidth = 92;

/**
 * One label per detection above the plot at its onset ("2 · step 23"), laid out so no two overlap;
 * a label that finds no room is left out, its detection still marked on the plot and listed below.
 * The full sentence shows on hover; a click opens the run's open cases on /review.
 */
export function DetectionLabels({ detections, domain, plotLeft, plotWidth }: { detections: RunDetectionWindow[]; domain: [number, number]; plotLeft: number; plotWidth: number }) {
  if (plotWidth <= 0) return null;
  const byId = new Map(detections.map((d) => [d.id, d]));
  const placed = layoutDetectionLabels(
    detections.map((d) => ({ id: d.id, step: d.onset.step })),
    { domain, plotWidth, labelWidth, rows: labelRows },
  );
  return (
    <div aria-label="Detections on this chart" role="list" className="pointer-events-none absolute inset-x-0 top-0 z-10" style={{ height: labelRows * labelRowHeight }}>
      {placed.map(({ id, x, row }) => {
        const detection = byId.get(id)!;
        const onset = detection.onset.step.toLocaleString("en");
        return (
          <div role="listitem" key={id}>
            <Link
              href={`/review?run=${encodeURIComponent(detection.runId)}`}
              data-testid="detection-label"
              title={`${detection.number}. ${detection.sentence} Window: steps ${detection.fromStep.toLocaleString("en")}–${detection.toStep.toLocaleString("en")}. Click to review the run's open cases.`}
              className={`pointer-events-auto absolute truncate rounded border px-1 text-center text-[11px] leading-4 font-medium ${detection.metrics.length ? "border-red-300 bg-red-50 text-red-800" : "border-violet-300 bg-violet-50 text-violet-800"}`}
              style={{ left: plotLeft + x, top: row * labelRowHeight, width: labelWidth }}
            >
              {detection.number} · step {onset}
            </Link>
          </div>
        );
      })}
    </div>
  );
}
