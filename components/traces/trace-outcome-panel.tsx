import { utcTime } from "@/lib/words/utc-time";
import type { TraceDetail } from "@/lib/traces/find-trace-detail";
import { CollapsibleText } from "./collapsible-text";
import { prettyJson } from "./pretty-json";


/** The rest of what the source sent: scores, end state, metadata and times (reward and outcome are in the summary). */
export function TraceOutcomePanel({ trace }: { trace: TraceDetail["trace"] }) {
  const rows: [string, string][] = [
    ["Source", trace.source],
    ["Run step", trace.step === null ? "—" : String(trace.step)],
    ["Started", trace.startedAt ? utcTime(trace.startedAt, { seconds: true }) : "—"],
    ["Imported", utcTime(trace.createdAt, { seconds: true })],
  ];
  return (
    <aside aria-label="Outcome and metadata" className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 className="font-semibold">Details</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {trace.scores ? (
        <div>
          <h3 className="text-xs font-semibold uppercase text-slate-500">Scores</h3>
          <CollapsibleText text={prettyJson(trace.scores)} label="scores" isMono />
        </div>
      ) : null}
      {trace.endState != null ? (
        <div>
          <h3 className="text-xs font-semibold uppercase text-slate-500">End state</h3>
          <CollapsibleText text={prettyJson(trace.endState)} label="end state" isMono />
        </div>
      ) : null}
      <div>
        <h3 className="text-xs font-semibold uppercase text-slate-500">Metadata</h3>
        {trace.metadata ? <CollapsibleText text={prettyJson(trace.metadata)} label="metadata" isMono /> : <p className="text-slate-500">none</p>}
      </div>
    </aside>
  );
}
