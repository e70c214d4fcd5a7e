import type { DifficultyBand } from "@/lib/tasks/difficulty";
import { tasksPageHref } from "@/lib/tasks/tasks-page-href";

/** A plain GET form over the tasks table: the search lives in the URL beside the band, so a found task can be linked. */
export function TaskSearch({ search, band }: { search: string; band: DifficultyBand }) {
  return (
    <form method="get" action="/tasks" role="search" aria-label="Find tasks" className="flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="band" value={`${band.low},${band.high}`} />
      <label className="flex flex-col gap-1">
        <span className="text-xs text-slate-500">Find tasks</span>
        <input name="q" type="search" defaultValue={search} placeholder="task id, environment or prompt text" className="w-80 rounded border border-slate-500 px-2 py-1" />
      </label>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50">Find</button>
      {search ? (
        <a href={tasksPageHref({ band })} className="px-1 py-1.5 text-indigo-700 hover:underline">
          Clear
        </a>
      ) : null}
    </form>
  );
}
