import type { SourceGap } from "@/lib/tasks/grounding-gap";

/** The grounding gap aggregated per source (environment and origin). */
export function GapsBySource({ sources }: { sources: SourceGap[] }) {
  if (sources.length === 0) return null;
  return (
    <section aria-label="Grounding gap by source" className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-2 font-medium">Grounding gap by source</h2>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            <th className="py-1">Source</th>
            <th className="py-1 text-right">Tasks</th>
            <th className="py-1 text-right">Mean gap</th>
            <th className="py-1 text-right">No gap</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((source) => (
            <tr key={source.source} className="border-b border-slate-100">
              <td className="py-1">{source.source}</td>
              <td className="py-1 text-right tabular-nums">{source.tasks}</td>
              <td className="py-1 text-right tabular-nums">{source.meanGap.toFixed(3)}</td>
              <td className="py-1 text-right tabular-nums">{source.noGap}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
