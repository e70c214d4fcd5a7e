"use client";

import { useQuery } from "@tanstack/react-query";
import type { JobSummary } from "@/lib/jobs/list-jobs";
import type { JudgesRunJobResult } from "@/lib/judges/judges-run-job";

const isFinished = (status: string | undefined) => status === "succeeded" || status === "failed" || status === "cancelled";

/** Polls a judge run every half second until it is done. */
export function useJudgeRun(jobId: string | null) {
  return useQuery({
    queryKey: ["judge-run", jobId],
    enabled: jobId !== null,
    queryFn: async () => {
      const response = await fetch(`/api/judges/runs/${jobId}`);
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body?.error?.message ?? `Request failed (${response.status})`);
      return body as { job: JobSummary; result: JudgesRunJobResult | null };
    },
    refetchInterval: (query) => (isFinished(query.state.data?.job.status) ? false : 500),
  });
}
