"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RunChart } from "@/lib/runs/run-chart-types";
import type { RunRollouts } from "@/lib/runs/list-run-rollouts";
import { fetchJson } from "@/components/ui/fetch-json";

export type StepWindow = { from: number; to: number } | null;

function search(params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") query.set(key, String(value));
  return query.toString();
}

/** Bucketed series of the runs' metrics in the step window (the whole run when null); zooming keeps the last chart until the new one arrives. */
export function useRunChart({ runIds, metrics, window }: { runIds: string[]; metrics?: string[]; window: StepWindow }) {
  return useQuery({
    queryKey: ["run-chart", runIds, metrics ?? null, window],
    queryFn: () => fetchJson<RunChart>(`/api/runs/chart?${search({ runs: runIds.join(","), metrics: metrics?.join(","), from: window?.from, to: window?.to })}`),
    enabled: runIds.length > 0 && (metrics === undefined || metrics.length > 0),
    placeholderData: keepPreviousData,
  });
}

export function useRunRollouts({ runId, window }: { runId: string; window: StepWindow }) {
  return useQuery({
    queryKey: ["run-rollouts", runId, window],
    queryFn: () => fetchJson<RunRollouts>(`/api/runs/${encodeURIComponent(runId)}/rollouts?${search({ from: window?.from, to: window?.to })}`),
    placeholderData: keepPreviousData,
  });
}
