import type { RunDetection } from "@/lib/runs/list-run-detections";

/** The monitor's detections of a run with the numbers behind each; the same windows are shaded on the charts. */
export function RunDetectionsList({ detections }: { detections: RunDetection[] }) {
  return (
    <section aria-label="Detections" className="mt-6">
      <h2 className="mb-2 text-base font-semibold">Divergence and drift</h2>
      {detections.length === 0 ? (
        <p className="text-sm text-slate-500">The monitor has found no divergence or behaviour drift in this run.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {detections.map((detection, i) => (
            <li key={`${detection.edgeCaseId}:${i}`} className="rounded-md border border-red-200 bg-red-50/40 p-2">
              <span className="font-medium">
                {detection.kind === "metric_divergence" ? "Divergence" : detection.kind === "held_out_gap" ? "Held-out gap" : "Behaviour drift"} · steps {detection.fromStep.toLocaleString()}–{detection.toStep.toLocaleString()}
              </span>
              <span className="ml-2 text-xs text-slate-500">case {detection.status}</span>
              <p className="mt-0.5 text-slate-700">{detection.explanation}</p>
              {detection.noLongerSupported ? <p className="mt-0.5 text-slate-500">No longer supported: {detection.noLongerSupported}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
