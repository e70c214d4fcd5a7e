import { GlossaryTermTip, GlossedText } from "@/components/ui/glossary-term";
import type { RunDetection } from "@/lib/runs/list-run-detections";
import { figureNames } from "@/lib/words/glossary";
import { formatMetric } from "./format-metric";

/** The statistics behind a detection, folded away under its plain sentence, each named in words with its term explained. */
export function DetectionFigures({ detection }: { detection: RunDetection }) {
  const flat = Object.entries(detection.numbers).filter(([, value]) => typeof value === "number") as [string, number][];
  return (
    <details className="mt-1 text-xs text-slate-700">
      <summary className="cursor-pointer text-indigo-700">The figures</summary>
      <p className="mt-1">
        <GlossedText text={detection.explanation} />
      </p>
      {flat.length ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 tabular-nums sm:grid-cols-[auto_1fr_auto_1fr]">
          {flat.map(([name, value]) => {
            const named = figureNames[name];
            return (
              <div key={name} className="contents">
                <dt className="text-slate-600">{named?.term ? <GlossaryTermTip term={named.term}>{named.label}</GlossaryTermTip> : (named?.label ?? name)}</dt>
                <dd className="font-mono">{Number.isInteger(value) ? value.toLocaleString("en") : formatMetric(value, 3)}</dd>
              </div>
            );
          })}
        </dl>
      ) : null}
    </details>
  );
}
