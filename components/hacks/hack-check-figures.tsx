import Link from "next/link";
import type { CheckMeasurement } from "@/lib/hacks/measure-check";

export type HackCheckFigures = CheckMeasurement;

const noNames: ReadonlyMap<string, string> = new Map();
const percent = (value: number | null) => (value === null ? "n/a" : `${(value * 100).toFixed(1)}%`);

/** A hack check's measured precision and recall on its examples and the honest traces, with the traces it gets wrong. */
export function HackCheckFigures({ figures, label, traceNames = noNames }: { figures: HackCheckFigures; label: string; traceNames?: ReadonlyMap<string, string> }) {
  // inline-block and break-all: a long list of external ids wraps between and within links instead of running off the page.
  const traceLinks = (ids: string[]) =>
    ids.map((id) => (
      <Link key={id} className="mr-2 inline-block break-all font-mono text-xs text-indigo-700 underline" href={`/traces/${id}`}>
        {traceNames.get(id) ?? id.slice(-8)}
      </Link>
    ));
  return (
    <div aria-label={label} className="mt-1 rounded bg-slate-50 p-2 text-sm">
      <p>
        Precision <strong>{percent(figures.precision)}</strong> · recall <strong>{percent(figures.recall)}</strong> · fires on {figures.exampleHits} of {figures.examples} examples and {figures.honestHits} of{" "}
        {figures.honest} honest traces
      </p>
      {figures.missedExampleIds.length ? <p>Examples it misses: {traceLinks(figures.missedExampleIds)}</p> : null}
      {figures.honestHitIds.length ? <p>Honest traces it hits: {traceLinks(figures.honestHitIds)}</p> : null}
    </div>
  );
}
