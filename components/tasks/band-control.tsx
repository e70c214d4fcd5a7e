"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { DifficultyBand } from "@/lib/tasks/difficulty";
import { tasksPageHref } from "@/lib/tasks/tasks-page-href";

/** The difficulty band, kept in the page's URL (?band=low,high, beside the search) so the table, the charts and the downloads follow it. */
export function BandControl({ band, search }: { band: DifficultyBand; search: string }) {
  const router = useRouter();
  const [low, setLow] = useState(String(band.low));
  const [high, setHigh] = useState(String(band.high));
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const [from, to] = [Number(low), Number(high)];
    if (!(from >= 0 && to <= 1 && from <= to)) return setProblem("The band needs 0 ≤ low ≤ high ≤ 1.");
    setProblem(null);
    router.push(tasksPageHref({ band: { low: from, high: to }, search }));
  };
  const query = `band=${band.low},${band.high}`;
  return (
    <form onSubmit={apply} aria-label="Difficulty band" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <label className="flex flex-col gap-1">
        <span className="text-xs text-slate-500">Band low</span>
        <input type="number" min={0} max={1} step={0.05} value={low} onChange={(event) => setLow(event.target.value)} className="w-24 rounded border border-slate-500 px-2 py-1" />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-slate-500">Band high</span>
        <input type="number" min={0} max={1} step={0.05} value={high} onChange={(event) => setHigh(event.target.value)} className="w-24 rounded border border-slate-500 px-2 py-1" />
      </label>
      <Button type="submit" variant="secondary">Apply band</Button>
      <a className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700" href={`/api/tasks/export?${query}&format=trl`} download>Download TRL JSONL</a>
      <a className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50" href={`/api/tasks/export?${query}&format=verifiers`} download>Download verifiers JSONL</a>
      <a
        className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
        href={`/api/distillation?${query}&format=messages`}
        title="The environment's turns (user messages, tool results) of these tasks' rollouts, as TRL conversational data for a world model"
        download
      >
        Download world-model JSONL
      </a>
      {problem ? <p role="alert" className="w-full text-red-700">{problem}</p> : null}
    </form>
  );
}
