import Link from "next/link";
import { describeDetection } from "@/lib/runs/describe-detection";
import type { RunDetection } from "@/lib/runs/list-run-detections";
import { DetectionFigures } from "./detection-figures";

/**
 * The monitor's detections of a run, numbered as on the charts: a plain sentence first, the
 * statistics one click away, and the way to the case on /review.
 */
export function RunDetectionsList({ runId, detections }: { runId: string; detections: RunDetection[] }) {
  // A case holds every window of its pair (or every drift of the run): said once per detection, so
  // eight drift windows do not read as eight cases.
  const detectionsOfCase = new Map<string, number>();
  for (const { edgeCaseId } of detections) detectionsOfCase.set(edgeCaseId, (detectionsOfCase.get(edgeCaseId) ?? 0) + 1);
  return (
    <section aria-label="Detections" className="mt-6">
      <h2 className="mb-2 text-base font-semibold">What the monitor found</h2>
      {detections.length === 0 ? (
        <p className="text-sm text-slate-600">The monitor has found no divergence or behaviour drift in this run.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {detections.map((detection, i) => (
            <li key={`${detection.edgeCaseId}:${i}`} className="rounded-md border border-red-200 bg-white p-2">
              <div className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-medium">
                  {i + 1}. {detection.kind === "metric_divergence" ? "Divergence" : detection.kind === "held_out_gap" ? "Held-out gap" : "Behaviour change"}
                </span>
                <span className="text-xs text-slate-600">
                  steps {detection.fromStep.toLocaleString("en")}–{detection.toStep.toLocaleString("en")} · case {detection.status}
                  {(detectionsOfCase.get(detection.edgeCaseId) ?? 0) > 1 ? ` (one case for ${detectionsOfCase.get(detection.edgeCaseId)} of these)` : ""}
                </span>
                {detection.status === "open" ? (
                  <Link href={`/review?run=${encodeURIComponent(runId)}&rule=${detection.kind}`} className="text-xs text-indigo-700 underline">
                    Review it
                  </Link>
                ) : null}
              </div>
              <p className="mt-0.5 text-slate-800">{describeDetection(detection)}</p>
              {detection.noLongerSupported ? <p className="mt-0.5 text-slate-600">No longer supported: {detection.noLongerSupported}</p> : null}
              <DetectionFigures detection={detection} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
