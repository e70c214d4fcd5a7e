"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";

/** Queues a tasks.mine-traces job; its progress is then on /jobs and in useJobs. */
export function useMineTraces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: string) =>
      fetchJson<{ jobId: string }>("/api/tasks/mine-traces", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(environment.trim() ? { environment: environment.trim() } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["jobs"] }),
  });
}
