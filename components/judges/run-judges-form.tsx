"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { startJudgeRunAction } from "@/app/actions/judge-actions";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { ActionResult } from "@/lib/next/server-action";
import { useJudgeRun } from "./use-judge-run";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

type Option = { id: string; name: string; kind: string; isSimulated: boolean };

/** The run panel: pick judges and traces, queue a judges.run job, follow its progress here (and on /jobs). */
export function RunJudgesForm({ judges, environments, runs }: { judges: Option[]; environments: Array<{ name: string; traces: number }>; runs: Array<{ id: string; name: string }> }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [scope, setScope] = useState<"environment" | "run" | "unjudged">("environment");
  const [state, formProps, isPending] = useFormAction<ActionResult<{ jobId: string }> | null>(startJudgeRunAction, null, { keepOnSuccess: true });
  const jobId = state?.ok ? state.data.jobId : null;
  const { data } = useJudgeRun(jobId);
  const router = useRouter();
  const status = data?.job.status;
  useEffect(() => {
    if (status === "succeeded") router.refresh();
  }, [status, router]);
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const field = "mt-1 block rounded-md border border-slate-500 px-2 py-1.5 text-sm";
  const id = useId();
  return (
    <section aria-labelledby="run-panel-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="run-panel-title" className="text-sm font-semibold">Run panel</h2>
      <form {...formProps} aria-label="Run judges" className="mt-2 space-y-3">
        <fieldset>
          <legend className="text-sm font-medium">Judges</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {judges.map((judge) => (
              <label key={judge.id} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" checked={selected.includes(judge.id)} onChange={() => toggle(judge.id)} />
                {judge.name}
                <span className="text-xs text-slate-500">{judge.isSimulated ? "simulated" : judge.kind}</span>
              </label>
            ))}
          </div>
          <input type="hidden" name="judgeIds" value={selected.join(",")} />
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <div className="text-sm">
            <label htmlFor={`${id}-scope`} className="block font-medium">
              Traces
            </label>
            <select id={`${id}-scope`} name="scope" value={scope} onChange={(event) => setScope(event.target.value as typeof scope)} className={field}>
              <option value="environment">an environment</option>
              <option value="run">a training run</option>
              <option value="unjudged">all not yet judged</option>
            </select>
          </div>
          {scope !== "run" ? (
            <div className="text-sm">
              <label htmlFor={`${id}-environment`} className="block font-medium">
                Environment{scope === "unjudged" ? " (optional)" : ""}
              </label>
              <select id={`${id}-environment`} name="environment" className={field} defaultValue={environments[0]?.name ?? ""}>
                {scope === "unjudged" ? <option value="">any</option> : null}
                {environments.map((env) => (
                  <option key={env.name} value={env.name}>
                    {env.name} ({env.traces})
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div className="text-sm">
              <label htmlFor={`${id}-run`} className="block font-medium">
                Run
              </label>
              <select id={`${id}-run`} name="runId" className={field}>
                {runs.map((run) => (
                  <option key={run.id} value={run.id}>
                    {run.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="text-sm">
            <span className="block font-medium">Limit</span>
            <input name="limit" type="number" min={1} placeholder="all" className={`${field} w-24`} />
          </label>
          <Button type="submit" disabled={isPending || selected.length === 0}>
            Run judges
          </Button>
          {selected.length === 0 ? <span className="self-center text-xs text-slate-600">Tick one or more judges above to run them.</span> : null}
        </div>
      </form>
      <ActionError state={state} className="mt-2 text-sm text-red-700" />
      {jobId ? (
        <div className="mt-3 space-y-1" aria-live="polite">
          <ProgressBar value={data?.job.progress ?? 0} label="Judge run progress" />
          <p role="status" className="text-sm text-slate-600">
            {status === "succeeded" && data?.result
              ? `Done: ${data.result.verdicts} verdicts (${data.result.errors} errors), ${data.result.cached} cached, ${data.result.requests} requests, $${data.result.costUsd.toFixed(4)}.`
              : status === "failed" || status === "cancelled"
                ? `Judge run ${status}${data?.job.error ? `: ${data.job.error}` : ""}.`
                : `Judge run ${status ?? "queued"}: ${data?.job.progressMessage ?? "waiting for a worker"}.`}
          </p>
        </div>
      ) : null}
    </section>
  );
}
