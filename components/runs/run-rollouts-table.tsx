"use client";

import Link from "next/link";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { formatMetric } from "./format-metric";
import { useRunRollouts, type StepWindow } from "./use-run-chart";

const answerClass: Record<string, string> = { yes: "text-green-700", no: "text-red-700", "n/a": "text-slate-600" };

/** The run's rollouts in the charts' step window, with reward and every rubric item's answer. */
export function RunRolloutsTable({ runId, window }: { runId: string; window: StepWindow }) {
  const { data, error, isPending } = useRunRollouts({ runId, window });
  const span = window ? `steps ${window.from.toLocaleString()}–${window.to.toLocaleString()}` : "the whole run";
  return (
    <section aria-label="Rollouts" className="mt-4">
      <h3 className="mb-1 text-base font-semibold">Rollouts in {span}</h3>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the rollouts: {error.message}
        </p>
      ) : isPending ? (
        <p className="text-sm text-slate-500">Loading the rollouts…</p>
      ) : data.rollouts.length === 0 ? (
        <p className="text-sm text-slate-500">No rollouts of this run in {span}.</p>
      ) : (
        <>
          <p className="mb-1 text-xs text-slate-500">
            {data.total > data.rollouts.length ? `The first ${data.rollouts.length} of ${data.total.toLocaleString()} by step; zoom in to see others.` : `${data.total} rollouts.`}
          </p>
          <Table aria-label="Rollouts of the step window">
            <TableHead>
              <Th>Step</Th>
              <Th>Rollout</Th>
              <Th>Reward</Th>
              <Th>Success</Th>
              {data.items.map((item) => (
                <Th key={item.key} title={item.question} className={item.polarity === "hack" ? "text-red-600" : undefined}>
                  {item.key}
                </Th>
              ))}
            </TableHead>
            <tbody>
              {data.rollouts.map((rollout) => (
                <Tr key={rollout.id}>
                  <Td className="tabular-nums">{rollout.step}</Td>
                  <Td>
                    <Link href={`/traces/${rollout.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                      {rollout.externalId}
                    </Link>
                  </Td>
                  <Td className="tabular-nums">{formatMetric(rollout.reward, 3)}</Td>
                  <Td>{rollout.success === null ? "–" : rollout.success ? "yes" : "no"}</Td>
                  {data.items.map((item) => {
                    const answer = rollout.answers[item.key];
                    return (
                      <Td key={item.key} className={answer ? answerClass[answer] : "text-slate-300"}>
                        {answer ?? "–"}
                      </Td>
                    );
                  })}
                </Tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </section>
  );
}
