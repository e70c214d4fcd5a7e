import type { TraceDetail } from "@/lib/traces/find-trace-detail";
import { CollapsibleText } from "./collapsible-text";

type Linked = Pick<TraceDetail, "verdicts" | "itemResults" | "edgeCases">;

const labelStyle: Record<string, string> = { pass: "bg-emerald-100 text-emerald-900", fail: "bg-red-100 text-red-900", unsure: "bg-amber-100 text-amber-900" };
const answerStyle: Record<string, string> = { yes: "bg-emerald-100 text-emerald-900", no: "bg-slate-200 text-slate-800" };

function Section({ title, empty, children, count }: { title: string; empty: string; children: React.ReactNode; count: number }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-2 font-semibold">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h2>
      {count === 0 ? <p className="text-slate-500">{empty}</p> : children}
    </section>
  );
}

function issuesOf(issues: unknown): string[] {
  return Array.isArray(issues) ? issues.filter((issue): issue is string => typeof issue === "string") : [];
}

/** Results grouped by rubric version, newest version first, items in rubric order. */
function byVersion(itemResults: Linked["itemResults"]) {
  const groups = new Map<string, { title: string; version: number; results: Linked["itemResults"] }>();
  for (const result of itemResults) {
    const { id, version, status, rubric } = result.rubricItem.rubricVersion;
    const group = groups.get(id) ?? { title: `${rubric.name} v${version} (${status})`, version, results: [] };
    group.results.push(result);
    groups.set(id, group);
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => b.version - a.version)
    .map(([id, group]) => ({ id, ...group, results: group.results.sort((a, b) => a.rubricItem.position - b.rubricItem.position) }));
}

/** What judges, rubrics and edge-case mining said about this trace, set beside its steps. */
export function TraceLinkedSections({ verdicts, itemResults, edgeCases }: Linked) {
  const open = edgeCases.filter((edgeCase) => edgeCase.status === "open").length;
  return (
    <>
      <Section title="Verdicts" count={verdicts.length} empty="No judge has rated this trace yet.">
        <ul className="space-y-2">
          {verdicts.map((verdict) => (
            <li key={verdict.id} aria-label={`Verdict of ${verdict.judgeVersion.judge.name}`}>
              <div className="flex flex-wrap items-baseline gap-1.5">
                <span className={`rounded px-1.5 text-xs font-semibold ${labelStyle[verdict.label] ?? "bg-slate-100"}`}>{verdict.label}</span>
                {verdict.score === null ? null : <span className="tabular-nums">{verdict.score.toFixed(2)}</span>}
                <span className="text-xs text-slate-500">
                  {verdict.judgeVersion.judge.name} v{verdict.judgeVersion.version}
                  {verdict.judgeVersion.judge.isSimulated ? " · simulated" : ""}
                </span>
              </div>
              {verdict.error ? <p className="text-xs text-red-700">error: {verdict.error.slice(0, 300)}</p> : null}
              {verdict.rationale ? (
                <div className="text-xs text-slate-700">
                  <CollapsibleText text={verdict.rationale} label="rationale" collapsedChars={240} collapsedLines={4} />
                </div>
              ) : null}
              {issuesOf(verdict.issues).length > 0 ? (
                <ul className="mt-0.5 list-disc pl-4 text-xs text-slate-600">
                  {issuesOf(verdict.issues).map((issue, i) => (
                    <li key={i}>{issue}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Rubric results" count={itemResults.length} empty="No rubric has been applied to this trace yet.">
        {byVersion(itemResults).map((group) => (
          <div key={group.id} className="mb-2 last:mb-0">
            <h3 className="text-xs font-semibold text-slate-600">{group.title}</h3>
            <ul className="mt-1 space-y-1">
              {group.results.map((result) => {
                const isHackFired = result.rubricItem.polarity === "hack" && result.answer === "yes";
                return (
                  <li key={result.rubricItem.id} className={isHackFired ? "rounded bg-red-50 p-1" : undefined}>
                    <span className={`mr-1.5 rounded px-1.5 text-xs font-semibold ${isHackFired ? "bg-red-200 text-red-900" : (answerStyle[result.answer] ?? "bg-slate-100 text-slate-600")}`}>{result.answer}</span>
                    {result.rubricItem.polarity === "hack" ? <span className="mr-1 text-xs font-medium text-red-800">hack check{isHackFired ? " fired" : ""}:</span> : null}
                    <span title={result.rubricItem.key}>{result.rubricItem.question}</span>
                    {result.evidence ? <span className="block text-xs text-slate-500">{result.evidence.slice(0, 200)}</span> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </Section>
      <Section title="Edge cases" count={edgeCases.length} empty="No edge case names this trace.">
        <p className="mb-1 text-xs text-slate-500">{open} open</p>
        <ul className="space-y-1">
          {edgeCases.map((edgeCase) => (
            <li key={edgeCase.id} className="break-words">
              <a href={`/review?edgeCase=${edgeCase.id}`} className="text-indigo-700 underline">
                {edgeCase.title}
              </a>{" "}
              <span className={`text-xs ${edgeCase.status === "open" ? "font-semibold text-amber-800" : "text-slate-500"}`}>{edgeCase.status}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
