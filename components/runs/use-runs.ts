"use client";

import { useQuery } from "@tanstack/react-query";
import type { RunListItem } from "@/lib/runs/list-runs";

async function fetchRuns(): Promise<RunListItem[]> {
  const response = await fetch("/api/runs");
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body?.error?.message ?? `Request failed (${response.status})`);
  return body.runs as RunListItem[];
}

const isActive = (run: RunListItem) => run.status === "queued" || run.status === "running";

/** Polls every second while a run is queued or training, every ten seconds otherwise. */
export function useRuns(initialRuns: RunListItem[]) {
  return useQuery({
    queryKey: ["runs"],
    queryFn: fetchRuns,
    initialData: initialRuns,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? 1000 : 10_000),
  });
}
