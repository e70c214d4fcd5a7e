import type { TraceDetail } from "@/lib/traces/find-trace-detail";

function Section({ title, empty, children, count }: { title: string; empty: string; children: React.ReactNode; count: number }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 className="mb-2 font-semibold">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h2>
      {count === 0 ? <p className="text-slate-500">{empty}</p> : children}
    </section>
  );
}

/** What judges, rubrics and edge-case mining said about this trace (filled by later stages). */
export function TraceLinkedSections({ verdicts, itemResults, edgeCases }: Omit<TraceDetail, "trace">) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Section title="Verdicts" count={verdicts.length} empty="No judge has rated this trace yet.">
        <ul className="space-y-1">
          {verdicts.map((verdict) => (
            <li key={verdict.id}>
              <span className="text-xs text-slate-500">
                {verdict.judgeVersion.judge.name} v{verdict.judgeVersion.version}
                {verdict.judgeVersion.judge.isSimulated ? " · simulated" : ""}:{" "}
              </span>
              <span className="font-medium">{verdict.label}</span>
              {verdict.score === null ? null : ` (${verdict.score.toFixed(2)})`}
              {verdict.error ? <span className="block text-xs text-red-700">error: {verdict.error.slice(0, 200)}</span> : null}
              {verdict.rationale ? <span className="block text-xs text-slate-600">{verdict.rationale.slice(0, 200)}</span> : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Rubric results" count={itemResults.length} empty="No rubric has been applied to this trace yet.">
        <ul className="space-y-1">
          {itemResults.map((result) => (
            <li key={result.id}>
              <span className="font-mono text-xs">{result.rubricItem.key}</span>: {result.answer}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Edge cases" count={edgeCases.length} empty="No edge case names this trace.">
        <ul className="space-y-1">
          {edgeCases.map((edgeCase) => (
            <li key={edgeCase.id}>
              <a href={`/review?edgeCase=${edgeCase.id}`} className="text-indigo-700 underline">
                {edgeCase.title}
              </a>{" "}
              <span className="text-xs text-slate-500">{edgeCase.status}</span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
