"use client";

import { utcTime } from "@/lib/words/utc-time";
import Link from "next/link";
import { useState } from "react";
import type { RunListItem } from "@/lib/runs/list-runs";
import { CompareRuns } from "./compare-runs";
import { formatMetric as f } from "./format-metric";
import { RunStatus } from "./run-status";
import { useRuns } from "./use-runs";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

const MAX_COMPARED = 8;

/** `compare` is the runs to overlay when the page opens (from /runs?compare=ID,ID). */
export function RunsTable({ initialRuns, compare = [] }: { initialRuns: RunListItem[]; compare?: string[] }) {
  const { data: runs, error } = useRuns(initialRuns);
  const [compared, setCompared] = useState<string[]>(compare.slice(0, MAX_COMPARED));
  // A link to /runs?compare=… from /runs itself keeps this component: take the new selection.
  const asked = compare.join(",");
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    setCompared(compare.slice(0, MAX_COMPARED));
  }
  const toggle = (id: string) => setCompared((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id].slice(-MAX_COMPARED)));
  const comparedRuns = compared.flatMap((id) => runs.filter((run) => run.id === id));
  return (
    <>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          Could not refresh the runs: {error.message}
        </p>
      ) : null}
      <Table>
        <TableHead>
          <Th className="w-8">
            <span className="sr-only">Compare</span>
          </Th>
          <Th>Run</Th>
          <Th>Trainer</Th>
          <Th>Status</Th>
          <Th>Rubric</Th>
          <Th>Started</Th>
          <Th title="Mean proxy reward over the first → last 10% of steps">Proxy reward first → last</Th>
          <Th title="True success on training tasks, means over the first 10% of steps → the best window that long → the last 10%">True success first → best → last</Th>
          <Th title="Share of replies the end state contradicts, first → last 10% of steps">Hack rate first → last</Th>
        </TableHead>
        <tbody>
          {runs.map((run) => (
            <Tr key={run.id}>
              <Td>
                <input type="checkbox" aria-label={`Compare ${run.name}`} checked={compared.includes(run.id)} onChange={() => toggle(run.id)} />
              </Td>
              <Td>
                <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
                  {run.name}
                </Link>
              </Td>
              <Td className="font-mono text-xs">{run.trainer}</Td>
              <Td>
                <RunStatus name={run.name} status={run.status} job={run.job} />
              </Td>
              <Td>{run.rubricVersion === null ? "–" : `v${run.rubricVersion}`}</Td>
              <Td className="text-xs text-slate-500">{utcTime(run.startedAt)}</Td>
              <Td className="tabular-nums">{run.summary ? `${f(run.summary.proxyReward.first)} → ${f(run.summary.proxyReward.last)}` : "–"}</Td>
              <Td className="tabular-nums">
                {run.summary ? `${f(run.summary.trueSuccess.first)} → ${f(run.summary.trueSuccess.best)} → ${f(run.summary.trueSuccess.last)}` : "–"}
              </Td>
              <Td className="tabular-nums">{run.summary ? `${f(run.summary.hackRate.first)} → ${f(run.summary.hackRate.last)}` : "–"}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {comparedRuns.length >= 2 ? (
        <CompareRuns runs={comparedRuns} />
      ) : (
        <p className="mt-2 text-xs text-slate-500">Tick two or more runs to overlay their metrics on one chart.</p>
      )}
    </>
  );
}
