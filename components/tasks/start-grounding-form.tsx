"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { fetchJson } from "@/components/ui/fetch-json";

type JudgeOption = { id: string; name: string; kind: string };

/** Queues a grounding A/B (tasks.grounding): the lab's policy or an OpenAI-compatible endpoint, judged by the judges picked here. */
export function StartGroundingForm({ judges, environments }: { judges: JudgeOption[]; environments: string[] }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [policy, setPolicy] = useState<"lab" | "endpoint">("lab");
  const [state, setState] = useState<{ jobId?: string; error?: string; isPending?: boolean }>({});
  const id = useId();
  const field = "mt-1 block rounded-md border border-slate-500 px-2 py-1.5 text-sm";
  const toggle = (judgeId: string) => setSelected((current) => (current.includes(judgeId) ? current.filter((x) => x !== judgeId) : [...current, judgeId]));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const environment = String(form.get("environment") ?? "");
    const body = {
      policy: policy === "lab" ? { kind: "registered", name: "lab" } : { kind: "endpoint", config: { kind: "llm", model: String(form.get("model") ?? ""), ...(form.get("baseUrl") ? { baseUrl: String(form.get("baseUrl")) } : {}) } },
      judgeIds: selected,
      samples: Number(form.get("samples")),
      ...(environment ? { environment } : {}),
    };
    setState({ isPending: true });
    try {
      const { jobId } = await fetchJson<{ jobId: string }>("/api/tasks/grounding", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      setState({ jobId });
    } catch (error) {
      setState({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <form onSubmit={submit} aria-label="Measure grounding gap" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 className="font-medium">Measure the grounding gap</h2>
      <fieldset>
        <legend className="text-xs text-slate-500">Judges</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {judges.map((judge) => (
            <label key={judge.id} className="flex items-center gap-1.5">
              <input type="checkbox" checked={selected.includes(judge.id)} onChange={() => toggle(judge.id)} />
              {judge.name} <span className="text-xs text-slate-500">{judge.kind}</span>
            </label>
          ))}
          {judges.length === 0 ? <span className="text-slate-500">No judge yet: add one on Judges (a reference judge compares with the task's answer).</span> : null}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-policy`} className="text-xs text-slate-500">
          Policy
          <select id={`${id}-policy`} value={policy} onChange={(event) => setPolicy(event.target.value as "lab" | "endpoint")} className={field}>
            <option value="lab">the lab's desk agent</option>
            <option value="endpoint">an OpenAI-compatible endpoint</option>
          </select>
        </label>
        {policy === "endpoint" ? (
          <>
            <label className="text-xs text-slate-500">
              Model
              <input name="model" required className={field} />
            </label>
            <label className="text-xs text-slate-500">
              Base URL (default OPENAI_BASE_URL)
              <input name="baseUrl" type="url" className={field} />
            </label>
          </>
        ) : null}
        <label className="text-xs text-slate-500">
          Environment
          <select name="environment" className={field} defaultValue="">
            <option value="">all</option>
            {environments.map((environment) => (
              <option key={environment} value={environment}>{environment}</option>
            ))}
          </select>
        </label>
        <label className="text-xs text-slate-500">
          Rollouts per arm
          <input name="samples" type="number" min={1} max={32} defaultValue={4} className={`${field} w-20`} />
        </label>
        <Button type="submit" disabled={state.isPending || selected.length === 0}>Queue A/B</Button>
        {selected.length === 0 ? <span className="self-center text-xs text-slate-600">Tick one or more judges above to queue an A/B.</span> : null}
      </div>
      {state.jobId ? <p role="status">Queued: its progress is on <Link className="text-indigo-700 underline" href="/jobs">Jobs</Link>; reload this page when it is done.</p> : null}
      {state.error ? <p role="alert" className="text-red-700">{state.error}</p> : null}
    </form>
  );
}
