import type { TraceListQuery } from "@/lib/traces/trace-list-query";

const field = "mt-1 block w-full rounded-md border border-slate-500 px-2 py-1 text-sm";

/** A plain GET form: the filters live in the URL, so a filtered list can be linked and reloaded. */
export function TraceFilters({ query }: { query: TraceListQuery }) {
  return (
    <form method="get" action="/traces" role="search" aria-label="Filter traces" className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm md:grid-cols-4 lg:grid-cols-6">
      <label className="col-span-2">
        Search
        <input name="q" type="search" defaultValue={query.q ?? ""} placeholder="text in input or output" className={field} />
      </label>
      <label>
        Source
        <select name="source" defaultValue={query.source ?? ""} className={field}>
          <option value="">any</option>
          <option value="production">production</option>
          <option value="rollout">rollout</option>
          <option value="simulator">simulator</option>
        </select>
      </label>
      <label>
        Environment
        <input name="environment" defaultValue={query.environment ?? ""} className={field} />
      </label>
      <label>
        Run
        <input name="run" defaultValue={query.run ?? ""} placeholder="run id or name" className={field} />
      </label>
      <label>
        Reward min
        <input name="rewardMin" type="number" step="any" defaultValue={query.rewardMin ?? ""} className={field} />
      </label>
      <label>
        Reward max
        <input name="rewardMax" type="number" step="any" defaultValue={query.rewardMax ?? ""} className={field} />
      </label>
      <label>
        From
        <input name="from" type="date" defaultValue={query.from ?? ""} className={field} />
      </label>
      <label>
        To
        <input name="to" type="date" defaultValue={query.to ?? ""} className={field} />
      </label>
      <label className="flex items-center gap-2 self-end pb-1">
        <input name="hasOpenEdgeCase" type="checkbox" value="1" defaultChecked={query.hasOpenEdgeCase} />
        Has an open edge case
      </label>
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700">
          Apply filters
        </button>
        <a href="/traces" className="px-2 py-1.5 text-indigo-700 underline">
          Clear
        </a>
      </div>
    </form>
  );
}
