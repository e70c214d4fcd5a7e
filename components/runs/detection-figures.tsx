import type { RunDetection } from "@/lib/runs/list-run-detections";
import { formatMetric } from "./format-metric";

/** The statistics behind a detection, folded away under its plain sentence. */
export function DetectionFigures({ detection }: { detection: RunDetection }) {
  const flat = Object.entries(detection.numbers).filter(([, value]) => typeof value === "number") as [string, number][];
  return (
    <details className="mt-1 text-xs text-slate-700">
      <summary className="cursor-pointer text-indigo-700">The figures</summary>
      <p className="mt-1">{detection.explanation}</p>
      {flat.length ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 font-mono tabular-nums sm:grid-cols-[auto_1fr_auto_1fr]">
          {flat.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-600">{name}</dt>
              <dd>{Number.isInteger(value) ? value.toLocaleString("en") : formatMetric(value, 3)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </details>
  );
}
