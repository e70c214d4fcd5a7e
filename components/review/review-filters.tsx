"use client";

import type { QueueFilters } from "./use-edge-cases";

const selectClass = "mt-1 block rounded-md border border-slate-500 px-2 py-1 text-sm";

export type RunOption = { id: string; name: string };

/** Status, kind, run, environment and assignee filters of the queue. */
export function ReviewFilters({ filters, runs, onChange }: { filters: QueueFilters; runs: RunOption[]; onChange: (filters: QueueFilters) => void }) {
  return (
    <form role="search" aria-label="Filter cases" className="flex flex-wrap items-end gap-3 text-sm" onSubmit={(e) => e.preventDefault()}>
      <label>
        Status
        <select className={selectClass} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value as QueueFilters["status"] })}>
          <option value="open">open</option>
          <option value="decided">decided</option>
          <option value="all">all</option>
        </select>
      </label>
      <label>
        Kind
        <select className={selectClass} value={filters.kind ?? ""} onChange={(e) => onChange({ ...filters, kind: (e.target.value || undefined) as QueueFilters["kind"] })}>
          <option value="">any</option>
          <option value="suspected_hack">suspected hack</option>
          <option value="judge_disagreement">judge disagreement</option>
          <option value="metric_divergence">metric divergence or drift</option>
          <option value="found_before_training">found before training</option>
        </select>
      </label>
      <label>
        Run
        <select className={selectClass} value={filters.run ?? ""} onChange={(e) => onChange({ ...filters, run: e.target.value || undefined })}>
          <option value="">any</option>
          {runs.map((run) => (
            <option key={run.id} value={run.id}>
              {run.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assigned
        <select className={selectClass} value={filters.assignee ?? ""} onChange={(e) => onChange({ ...filters, assignee: (e.target.value || undefined) as QueueFilters["assignee"] })}>
          <option value="">anyone</option>
          <option value="mine">mine</option>
          <option value="unassigned">unassigned</option>
        </select>
      </label>
      <label>
        Environment
        <input className={selectClass} defaultValue={filters.environment ?? ""} placeholder="any" onKeyDown={(e) => e.key === "Enter" && onChange({ ...filters, environment: e.currentTarget.value.trim() || undefined })} onBlur={(e) => onChange({ ...filters, environment: e.currentTarget.value.trim() || undefined })} />
      </label>
    </form>
  );
}
