"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";
import type { MetricFileResult } from "@/lib/runs/metric-files/metric-file-result";

export type RunImportAnswer = { runId: string; runName: string; created: boolean; format: string; points: number; metrics: string[]; skipped: number; rejected: MetricFileResult["rejected"] };

/** Sends the metrics file as the raw body; the server imports it before answering. */
export function useImportRunMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, run }: { file: File; run: string }) =>
      fetchJson<RunImportAnswer>(`/api/runs/import?${new URLSearchParams({ run, file: file.name })}`, { method: "POST", body: file, headers: { "content-type": "application/octet-stream" } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["runs"] }),
  });
}
