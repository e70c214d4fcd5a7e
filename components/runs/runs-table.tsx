"use client";

import Link from "next/link";
import type { RunListItem } from "@/lib/runs/list-runs";
import { formatMetric as f } from "./format-metric";
import { RunStatus } from "./run-status";
import { useRuns } from "./use-runs";

export function RunsTable({ initialRuns }: { initialRuns: RunListItem[] }) {
  const { data: runs, error } = useRuns(initialRuns);
  return (
    <>
      {error ? <p role="alert" className="mb-3 text-sm text-red-700">Could not refresh the runs: {error.message}</p> : null}
      <table className="w-full border-collapse bg-white text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            <th className="p-2">Run</th>
            <th className="p-2">Trainer</th>
            <th className="p-2">Status</th>
            <th className="p-2">Rubric</th>
            <th className="p-2">Started</th>
            <th className="p-2" title="Mean proxy reward over the first → last 10% of steps">Proxy reward</th>
            <th className="p-2" title="True success on training tasks: first → best → last">True success</th>
            <th className="p-2" title="Share of replies the end state contradicts: first → last">Hack rate</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-b border-slate-100 align-top">
              <td className="p-2">
                <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
                  {run.name}
                </Link>
              </td>
              <td className="p-2 font-mono text-xs">{run.trainer}</td>
              <td className="p-2">
                <RunStatus name={run.name} status={run.status} job={run.job} />
              </td>
              <td className="p-2">{run.rubricVersion === null ? "–" : `v${run.rubricVersion}`}</td>
              <td className="p-2 text-xs text-slate-500">{new Date(run.startedAt).toLocaleString()}</td>
              <td className="p-2 tabular-nums">{run.summary ? `${f(run.summary.proxyReward.first)} → ${f(run.summary.proxyReward.last)}` : "–"}</td>
              <td className="p-2 tabular-nums">
                {run.summary ? `${f(run.summary.trueSuccess.first)} → ${f(run.summary.trueSuccess.best)} → ${f(run.summary.trueSuccess.last)}` : "–"}
              </td>
              <td className="p-2 tabular-nums">{run.summary ? `${f(run.summary.hackRate.first)} → ${f(run.summary.hackRate.last)}` : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
