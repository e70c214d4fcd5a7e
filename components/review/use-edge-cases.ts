"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EdgeCaseDecision, EdgeCaseQuery } from "@/lib/review/edge-case-schemas";
import type { EdgeCaseList } from "@/lib/review/list-edge-cases";
import { fetchJson } from "@/components/ui/fetch-json";

export type QueueFilters = Pick<EdgeCaseQuery, "status" | "kind" | "environment" | "assignee" | "run">;

const post = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

function searchOf(filters: QueueFilters): string {
  const params = new URLSearchParams({ limit: "100" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params.toString();
}

/**
 * The queue under the given filters, starting from the list the page rendered with them; refreshed
 * after every decision and every 30 s. Each render of the page is its own entry (its time is in the
 * key), so the list a new render brings is shown as it is, not taken for an older entry of the same
 * filters and asked for again.
 */
export function useEdgeCases(filters: QueueFilters, rendered: { list: EdgeCaseList; listedAt: number }) {
  return useQuery({
    queryKey: ["edge-cases", filters, rendered.listedAt],
    queryFn: () => fetchJson<EdgeCaseList>(`/api/edge-cases?${searchOf(filters)}`),
    initialData: rendered.list,
    initialDataUpdatedAt: rendered.listedAt,
    refetchInterval: 30_000,
  });
}

export function useDecideEdgeCases() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; decision: EdgeCaseDecision; note?: string }) => fetchJson<{ decided: { id: string; knownHackId: string | null }[] }>("/api/edge-cases/decisions", post(input)),
    onSettled: () => client.invalidateQueries({ queryKey: ["edge-cases"] }),
  });
}

/** Takes back decisions, one case at a time; the server refuses any older than a day. */
export function useUndoDecisions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const undone: { id: string; decision: string; labelsWithdrawn: number; knownHackWithdrawn: string | null }[] = [];
      for (const id of ids) undone.push(await fetchJson(`/api/edge-cases/${encodeURIComponent(id)}/undo`, post({})));
      return undone;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["edge-cases"] }),
  });
}

export function useNoteEdgeCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => fetchJson<{ id: string; note: string | null }>(`/api/edge-cases/${encodeURIComponent(id)}/note`, post({ note })),
    onSettled: () => client.invalidateQueries({ queryKey: ["edge-cases"] }),
  });
}

export function useAssignEdgeCases() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; assigneeId: string | null }) => fetchJson<{ assigned: number }>("/api/edge-cases/assign", post(input)),
    onSettled: () => client.invalidateQueries({ queryKey: ["edge-cases"] }),
  });
}
