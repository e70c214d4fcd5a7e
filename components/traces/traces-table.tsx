import Link from "next/link";
import type { TraceListPage } from "@/lib/traces/list-traces";
import { toTraceSearchParams, type TraceListQuery, type TraceSortKey } from "@/lib/traces/trace-list-query";

const columns: { key: TraceSortKey; label: string }[] = [
  { key: "createdAt", label: "Created" },
  { key: "reward", label: "Reward" },
  { key: "stepCount", label: "Steps" },
];

function href(query: TraceListQuery, change: Partial<TraceListQuery>): string {
  const params = toTraceSearchParams({ ...query, cursor: undefined, ...change });
  const search = params.toString();
  return search ? `/traces?${search}` : "/traces";
}

function SortHeader({ query, column }: { query: TraceListQuery; column: { key: TraceSortKey; label: string } }) {
  const isActive = query.sort === column.key;
  const nextDir = isActive && query.dir === "desc" ? "asc" : "desc";
  return (
    <th className="p-2" aria-sort={isActive ? (query.dir === "desc" ? "descending" : "ascending") : "none"}>
      <Link href={href(query, { sort: column.key, dir: nextDir })} className="hover:underline">
        {column.label}
        {isActive ? (query.dir === "desc" ? " ↓" : " ↑") : ""}
      </Link>
    </th>
  );
}

export function TracesTable({ query, page }: { query: TraceListQuery; page: TraceListPage }) {
  const [createdAt, reward, stepCount] = columns;
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {page.total.toLocaleString("en")}
        {page.totalIsLowerBound ? "+ traces match" : page.total === 1 ? " trace matches" : " traces match"}
        {page.searchedNewest ? ` (text searched in the newest ${page.searchedNewest.toLocaleString("en")} traces of the other filters; set a date range to search older ones)` : ""}
      </p>
      {page.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">No traces match these filters.</p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm" aria-label="Traces">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
              <th className="p-2">Trace</th>
              <th className="p-2">Source</th>
              <th className="p-2">Environment</th>
              <th className="p-2">Run</th>
              <SortHeader query={query} column={reward!} />
              <SortHeader query={query} column={stepCount!} />
              <th className="p-2">Edge cases</th>
              <SortHeader query={query} column={createdAt!} />
            </tr>
          </thead>
          <tbody>
            {page.items.map((trace) => (
              <tr key={trace.id} className="border-b border-slate-100 align-top hover:bg-slate-50">
                <td className="max-w-md p-2">
                  <Link href={`/traces/${trace.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                    {trace.externalId.length > 48 ? `${trace.externalId.slice(0, 48)}…` : trace.externalId}
                  </Link>
                  {trace.task ? <div className="text-xs text-slate-500">task {trace.task}</div> : null}
                  {trace.preview ? <div className="truncate text-xs text-slate-600">{trace.preview}</div> : null}
                </td>
                <td className="p-2">{trace.source}</td>
                <td className="p-2">{trace.environment ?? "—"}</td>
                <td className="p-2">{trace.runName ?? "—"}</td>
                <td className="p-2 tabular-nums">{trace.reward === null ? "—" : trace.reward.toFixed(3)}</td>
                <td className="p-2 tabular-nums">{trace.stepCount}</td>
                <td className="p-2 tabular-nums">{trace.openEdgeCases > 0 ? `${trace.openEdgeCases} open` : "—"}</td>
                <td className="whitespace-nowrap p-2 text-xs text-slate-600">{trace.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Pages" className="mt-3 flex gap-4 text-sm">
        {query.cursor ? (
          <Link href={href(query, {})} className="text-indigo-700 underline">
            First page
          </Link>
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
