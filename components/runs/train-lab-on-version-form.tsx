"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { runLabAction } from "@/app/actions/lab-actions";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/next/server-action";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

type Started = { runId: string; name: string; replacesRunId: string | null };

/** Queues a lab run on this rubric version, then opens it on /runs beside the run it replaces. */
export function TrainLabOnVersionForm({ rubricVersionId, version }: { rubricVersionId: string; version: number }) {
  const router = useRouter();
  const [state, formProps, isPending] = useFormAction<ActionResult<Started> | null>(runLabAction, null, { keepOnSuccess: true });
  useEffect(() => {
    if (!state?.ok) return;
    const compared = [state.data.runId, state.data.replacesRunId].filter((id) => id !== null);
    router.push(`/runs?compare=${compared.join(",")}`);
  }, [state, router]);
  const input = "mt-1 w-24 rounded-md border border-slate-500 px-2 py-1";
  return (
    <form {...formProps} aria-label="Train the lab" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="rubric" value={rubricVersionId} />
      <label className="text-sm">
        <span className="block">Steps</span>
        <input name="steps" type="number" min={1} max={2000} defaultValue={200} required className={input} />
      </label>
      <label className="text-sm">
        <span className="block">Seed</span>
        <input name="seed" type="number" min={0} defaultValue={1} required className={input} />
      </label>
      <Button type="submit" disabled={isPending || state?.ok}>
        Train the lab on v{version}
      </Button>
      <ActionError state={state} />
      {state?.ok ? (
        <p role="status" className="text-sm text-slate-600">
          Queued {state.data.name}; opening the comparison…
        </p>
      ) : null}
    </form>
  );
}
