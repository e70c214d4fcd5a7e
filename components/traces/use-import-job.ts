"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { ImportJobResult } from "@/lib/ingest/import-traces-job";
import type { JobSummary } from "@/lib/jobs/list-jobs";
import { fetchJson } from "@/components/ui/fetch-json";

const isFinished = (status: string | undefined) => status === "succeeded" || status === "failed" || status === "cancelled";

/** Sends the file as the raw body (streamed into the database on the server) and returns the queued job's id. */
export function useUploadTraces() {
  return useMutation({
    mutationFn: ({ file, format }: { file: File; format: string }) => {
      const params = new URLSearchParams({ name: file.name, ...(format ? { format } : {}) });
      return fetchJson<{ jobId: string }>(`/api/traces/import?${params}`, { method: "POST", body: file, headers: { "content-type": "application/octet-stream" } });
    },
  });
}

/** Polls the import job every half second until it is done. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: ["import-job", jobId],
    enabled: jobId !== null,
    queryFn: () => fetchJson<{ job: JobSummary; result: ImportJobResult | null }>(`/api/traces/import/${jobId}`),
    refetchInterval: (query) => (isFinished(query.state.data?.job.status) ? false : 500),
  });
}
