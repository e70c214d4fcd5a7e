"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";

/** Every step of a trace, loaded after the page (which came with the first ones) when there are more. */
export function useTraceSteps(traceId: string, isEnabled = true) {
  return useQuery({
    queryKey: ["trace-steps", traceId],
    queryFn: async () => (await fetchJson<{ steps: TraceStepView[] }>(`/api/traces/${traceId}/steps`)).steps,
    staleTime: Infinity,
    enabled: isEnabled,
  });
}
