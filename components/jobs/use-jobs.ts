"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobListItem } from "@/lib/jobs/list-jobs";
import { fetchJson } from "@/components/ui/fetch-json";

/** Polls fast while something is queued or running, slowly otherwise. */
export function useJobs() {
  return useQuery({
    queryKey: ["jobs"],
    queryFn: () => fetchJson<{ jobs: JobListItem[] }>("/api/jobs").then((body) => body.jobs),
    refetchInterval: (query) => (query.state.data?.some((job) => job.status === "queued" || job.status === "running") ? 1000 : 5000),
  });
}

export function useJobAction(action: "retry" | "cancel") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => fetchJson(`/api/jobs/${jobId}/${action}`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["jobs"] }),
  });
}
