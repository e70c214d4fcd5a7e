"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";

export function useTraceSteps(traceId: string) {
  return useQuery({
    queryKey: ["trace-steps", traceId],
    queryFn: async () => (await fetchJson<{ steps: TraceStepView[] }>(`/api/traces/${traceId}/steps`)).steps,
    staleTime: Infinity,
  });
}
