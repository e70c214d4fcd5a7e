"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { runLabAction } from "@/app/actions/lab-actions";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/next/server-action";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

type LabVersion = { id: string; version: number; status: string; items: number };

/** Queues a lab run (a worker trains it) on a version picked from the lab rubric's; the runs table picks it up on its next poll. */
export function RunLabForm({ versions }: { versions: LabVersion[] }) {
  const latestApproved = versions.filter((v) => v.status === "approved").sort((a, b) => b.version - a.version)[0];
  const queryClient = useQueryClient();
  const [state, formProps, isPending] = useFormAction<ActionResult<{ runId: string; name: string; replacesRunId: string | null }> | null>(runLabAction, null, { keepOnSuccess: true });
  useEffect(() => {
    if (state?.ok) void queryClient.invalidateQueries({ queryKey: ["runs"] });
  }, [state, queryClient]);
  const input = "mt-1 w-28 rounded-md border border-slate-500 px-3 py-1.5";
  return (
    <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <form {...formProps} className="flex flex-wrap items-end gap-3" aria-label="Run lab">
        <label className="text-sm">
          <span className="block font-medium">Steps</span>
          <input name="steps" type="number" min={1} max={2000} defaultValue={200} required className={input} />
        </label>
        <label className="text-sm">
          <span className="block font-medium">Seed</span>
          <input name="seed" type="number" min={0} defaultValue={1} required className={input} />
        </label>
        <label className="text-sm">
          <span className="block font-medium">Rubric version</span>
          <select name="rubric" defaultValue={latestApproved ? "" : (versions[0]?.id ?? "")} className="mt-1 block rounded-md border border-slate-500 px-3 py-1.5">
            {latestApproved || !versions.length ? <option value="">{latestApproved ? `latest approved (v${latestApproved.version})` : "no lab rubric yet"}</option> : null}
            {[...versions].sort((a, b) => b.version - a.version).map((v) => (
              <option key={v.id} value={v.id}>
                v{v.version} ({v.status}, {v.items} item{v.items === 1 ? "" : "s"})
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={isPending}>
          Run lab
        </Button>
      </form>
      <ActionError state={state} className="mt-2 text-sm text-red-700" />
      {state?.ok ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Queued {state.data.name}; a worker trains it, with progress below and on{" "}
          <Link className="text-indigo-700 underline" href="/jobs">
            Jobs
          </Link>
          .
          {state.data.replacesRunId ? (
            <>
              {" "}
              <Link href={`/runs?compare=${state.data.runId},${state.data.replacesRunId}`} className="text-indigo-700 underline">
                Compare it with the run it replaces
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">A simulated refund desk trained with GRPO on the lab rubric as proxy reward. Judges and rollouts in the lab are simulated.</p>
    </div>
  );
}
