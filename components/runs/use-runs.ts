"use client";

import { useQuery } from "@tanstack/react-query";
import type { RunListItem } from "@/lib/runs/list-runs";
import { fetchJson } from "@/components/ui/fetch-json";

const fetchRuns = () => fetchJson<{ runs: RunListItem[] }>("/api/runs").then((body) => body.runs);

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
