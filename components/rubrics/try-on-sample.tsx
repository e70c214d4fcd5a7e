"use client";

import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { tryOnSampleAction } from "@/app/actions/rubric-actions";
import { chartGridColor, chartLabelStyle, chartTickStyle, chartTooltipStyle } from "@/components/ui/chart-theme";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

/** Scores this version on recent traces of its environment: the reward histogram, and the traces it moves most against the approved version. */
export function TryOnSample({ rubricVersionId }: { rubricVersionId: string }) {
  const [state, formProps, isPending] = useFormAction(tryOnSampleAction, null, { keepOnSuccess: true });
  return (
    <section aria-label="Try on sample" className="mt-6">
      <form {...formProps} className="flex items-center gap-3">
        <input type="hidden" name="rubricVersionId" value={rubricVersionId} />
        <Button type="submit" variant="secondary" disabled={isPending}>
          Try on sample
        </Button>
        {isPending ? <span className="text-sm text-slate-500">Scoring…</span> : null}
      </form>
      <ActionError state={state} className="mt-2 text-sm text-red-700" />
      {state?.ok ? (
        <div className="mt-3">
          <p role="status" className="text-sm">
            Scored {state.data.sampled} traces
            {state.data.mean !== null ? `; mean reward ${state.data.mean.toFixed(3)}` : ""}
            {state.data.comparedWith ? `; compared with approved v${state.data.comparedWith.version}` : "; no approved version to compare with"}.
          </p>
          <div className="mt-2 h-64 w-full">
            <ResponsiveContainer>
              <BarChart data={state.data.histogram} margin={{ top: 8, right: 12, bottom: 16, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={chartGridColor} />
                <XAxis dataKey="bin" tick={chartTickStyle} stroke={chartGridColor} label={{ value: "reward", position: "insideBottom", offset: -8, ...chartLabelStyle }} />
                <YAxis allowDecimals={false} tick={chartTickStyle} stroke={chartGridColor} label={{ value: "traces", angle: -90, position: "insideLeft", offset: 8, ...chartLabelStyle }} />
                <Tooltip contentStyle={chartTooltipStyle} />
                <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12, color: "var(--color-slate-700)" }} />
                {/* The approved version first, then this one: bars and legend read before -> after, in the same order. */}
                {state.data.comparedWith ? <Bar dataKey="current" name={`approved v${state.data.comparedWith.version}`} fill="#94a3b8" /> : null}
                <Bar dataKey="count" name="this version" fill="#4f46e5" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          {state.data.biggestChanges.length ? (
            <table className="mt-3 w-full text-sm">
              <caption className="text-left font-medium">Biggest reward changes</caption>
              <thead>
                <tr className="text-left text-slate-500">
                  <th>Trace</th>
                  <th>Task</th>
                  <th>Approved</th>
                  <th>This version</th>
                  <th>Change</th>
                </tr>
              </thead>
              <tbody>
                {state.data.biggestChanges.map((change) => (
                  <tr key={change.traceId} className="border-t border-slate-100">
                    <td>
                      <Link className="text-indigo-700 underline" href={`/traces/${change.traceId}`}>
                        {change.traceId.slice(0, 8)}
                      </Link>
                    </td>
                    <td>{change.task ?? "—"}</td>
                    <td>{change.currentReward.toFixed(2)}</td>
                    <td>{change.reward.toFixed(2)}</td>
                    <td className={change.delta < 0 ? "text-red-700" : "text-green-700"}>{(change.delta > 0 ? "+" : "") + change.delta.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
