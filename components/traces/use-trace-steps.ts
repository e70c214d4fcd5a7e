"use client";

import { useQuery } from "@tanstack/react-query";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";

export function useTraceSteps(traceId: string) {
  return useQuery({
    queryKey: ["trace-steps", traceId],
    queryFn: async () => {
      const response = await fetch(`/api/traces/${traceId}/steps`);
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body?.error?.message ?? `Request failed (${response.status})`);
      return (body as { steps: TraceStepView[] }).steps;
    },
    staleTime: Infinity,
  });
}
