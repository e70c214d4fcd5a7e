import Link from "next/link";
import { Table, TableHead } from "@/components/ui/table";
import type { TraceJudgement } from "@/lib/traces/list-trace-judgements";
import type { TraceListItem, TraceListPage } from "@/lib/traces/list-traces";
import { contradictoryFilters, toTraceSearchParams, type TraceListQuery, type TraceSortKey } from "@/lib/traces/trace-list-query";
import { formatAge } from "./format-age";

const labelStyle: Record<string, string> = { pass: "text-emerald-800", fail: "text-red-800", unsure: "text-amber-800" };

function href(query: TraceListQuery, change: Partial<TraceListQuery>): string {
  const params = toTraceSearchParams({ ...query, cursor: undefined, ...change });
  const search = params.toString();
  return search ? `/traces?${search}` : "/traces";
}

function SortHeader({ query, sort, label, className }: { query: TraceListQuery; sort: TraceSortKey; label: string; className: string }) {
  const isActive = query.sort === sort;
  const nextDir = isActive && query.dir === "desc" ? "asc" : "desc";
  return (
    <th className={`p-2 ${className}`} aria-sort={isActive ? (query.dir === "desc" ? "descending" : "ascending") : "none"}>
      <Link href={href(query, { sort, dir: nextDir })} className="hover:underline">
        {label}
        {isActive ? (query.dir === "desc" ? " ↓" : " ↑") : ""}
      </Link>
    </th>
  );
}

function VerdictCell({ judgement }: { judgement: TraceJudgement | undefined }) {
  const { verdict, rubric } = judgement ?? { verdict: null, rubric: null };
  if (!verdict && !rubric) return <span className="text-slate-600">—</span>;
  return (
    <>
      {verdict && verdict.judgeCount > 1 ? (
        // A panel: each judge's newest label, counted, so one judge's verdict does not read as the panel's.
        <div className="truncate" title={`each of ${verdict.judgeCount} judges' newest verdict; the newest of all: ${verdict.judgeName}${verdict.isSimulated ? " (simulated)" : ""} ${verdict.label}`}>
          {Object.entries(verdict.labels)
            .sort(([, a], [, b]) => b - a)
            .map(([label, count], i) => (
              <span key={label}>
                {i > 0 ? " · " : ""}
                <span className={`font-semibold ${labelStyle[label] ?? ""}`}>{count}</span> {label}
              </span>
            ))}
          <span className="text-xs text-slate-500"> of {verdict.judgeCount} judges</span>
        </div>
      ) : verdict ? (
        <div className="truncate" title={`the one judge's verdict: ${verdict.judgeName}${verdict.isSimulated ? " (simulated)" : ""}`}>
          <span className={`font-semibold ${labelStyle[verdict.label] ?? ""}`}>{verdict.label}</span>
          {verdict.score === null ? null : <span className="tabular-nums"> {verdict.score.toFixed(2)}</span>}
          <span className="text-xs text-slate-500"> {verdict.judgeName}</span>
        </div>
      ) : null}
      {rubric ? (
        <div className="truncate text-xs text-slate-600" title={`${rubric.rubricName} v${rubric.version}: ${rubric.goodYes} of ${rubric.goodAnswered} good items yes, ${rubric.hacksFired} hack checks fired`}>
          v{rubric.version}: {rubric.goodYes}/{rubric.goodAnswered} yes
          {rubric.hacksFired > 0 ? <span className="font-semibold text-red-800"> · {rubric.hacksFired} hack</span> : null}
        </div>
      ) : null}
    </>
  );
}

function TraceCell({ trace }: { trace: TraceListItem }) {
  const detail = [trace.source, `${trace.stepCount.toLocaleString("en")} steps`, trace.task ? `task ${trace.task}` : null].filter(Boolean).join(" · ");
  return (
    <td className="p-2">
      <Link href={`/traces/${trace.id}`} className="block truncate font-mono text-xs text-indigo-700 hover:underline" title={trace.externalId}>
        {trace.externalId}
      </Link>
      {trace.preview ? (
        <div className="truncate text-xs text-slate-700" title={trace.preview}>
          {trace.preview}
        </div>
      ) : null}
      <div className="truncate text-xs text-slate-500">{detail}</div>
    </td>
  );
}

/** Fixed column widths, so the table fits a 1280 px window; the trace column takes what is left, at least 14rem. */
export function TracesTable({ query, page, judgements, now }: { query: TraceListQuery; page: TraceListPage; judgements: Map<string, TraceJudgement>; now: Date }) {
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {page.total.toLocaleString("en")}
        {page.totalIsLowerBound ? "+ traces match" : page.total === 1 ? " trace matches" : " traces match"}
        {page.searchedNewest ? ` (text searched in the newest ${page.searchedNewest.toLocaleString("en")} traces of the other filters; set a date range to search older ones)` : ""}
        {" · "}
        <Link href={href(query, { sort: "stepCount", dir: query.sort === "stepCount" && query.dir === "desc" ? "asc" : "desc" })} className="text-indigo-700 underline">
          sort by steps{query.sort === "stepCount" ? (query.dir === "desc" ? " ↓" : " ↑") : ""}
        </Link>
      </p>
      {page.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          <p>No traces match these filters.</p>
          {contradictoryFilters(query).map((reason) => (
            <p key={reason} className="mt-1 text-amber-800">
              {reason}
            </p>
          ))}
        </div>
      ) : (
        // Narrower than the fixed columns need, the table scrolls in its own box: the trace column keeps
        // room for its link instead of shrinking to nothing, and the page keeps its width.
        <Table className="min-w-[58rem] table-fixed" aria-label="Traces">
          <TableHead>
            <th className="p-2">Trace</th>
            <SortHeader query={query} sort="reward" label="Reward" className="w-20" />
            <th className="w-40 p-2">Verdict</th>
            <th className="w-20 p-2">Open cases</th>
            <th className="w-44 p-2">Run</th>
            <th className="w-32 p-2">Environment</th>
            <SortHeader query={query} sort="createdAt" label="Age" className="w-20" />
          </TableHead>
          <tbody>
            {page.items.map((trace) => (
              <tr key={trace.id} className="border-b border-slate-100 align-top hover:bg-slate-50">
                <TraceCell trace={trace} />
                <td className="p-2 tabular-nums">{trace.reward === null ? <span className="text-slate-600">—</span> : trace.reward.toFixed(3)}</td>
                <td className="p-2">
                  <VerdictCell judgement={judgements.get(trace.id)} />
                </td>
                <td className="p-2 tabular-nums">{trace.openEdgeCases > 0 ? <span className="font-semibold text-amber-800">{trace.openEdgeCases}</span> : <span className="text-slate-600">—</span>}</td>
                <td className="p-2 [overflow-wrap:anywhere]">
                  {trace.runName ?? <span className="text-slate-600">—</span>}
                </td>
                <td className="p-2 [overflow-wrap:anywhere]">
                  {trace.environment ?? <span className="text-slate-600">—</span>}
                </td>
                <td className="whitespace-nowrap p-2 text-xs text-slate-600" title={trace.createdAt.toISOString()}>
                  {formatAge(trace.createdAt, now)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <nav aria-label="Pages" className="mt-3 flex gap-4 text-sm">
        {page.previousCursor ? (
          <>
            <Link href={href(query, {})} className="text-indigo-700 underline">
              First page
            </Link>
            <Link href={href(query, { cursor: page.previousCursor })} className="text-indigo-700 underline">
              Previous page
            </Link>
          </>
        ) : null}
        {page.nextCursor ? (
          <Link href={href(query, { cursor: page.nextCursor })} className="text-indigo-700 underline">
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}
