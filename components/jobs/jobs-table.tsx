"use client";

import { utcTime } from "@/lib/words/utc-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useJobAction, useJobs } from "./use-jobs";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

export function JobsTable({ canManage }: { canManage: boolean }) {
  const { data: jobs, error, isPending } = useJobs();
  const retry = useJobAction("retry");
  const cancel = useJobAction("cancel");
  if (isPending) return <p className="text-sm text-slate-500">Loading jobs…</p>;
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load jobs: {error.message}
      </p>
    );
  if (jobs.length === 0) {
    return (
      <EmptyState title="No jobs yet">
        <p>Imports, judge runs, rubric extraction and lab runs show up here with live progress while a worker runs them.</p>
      </EmptyState>
    );
  }
  const actionError = retry.error ?? cancel.error;
  return (
    <>
      {actionError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {actionError.message}
        </p>
      ) : null}
      <Table>
        <TableHead>
          <Th>Type</Th>
          <Th>About</Th>
          <Th>Status</Th>
          <Th className="w-64">Progress</Th>
          <Th>Attempts</Th>
          <Th>Created</Th>
          <Th>Error</Th>
          {canManage ? <Th>Actions</Th> : null}
        </TableHead>
        <tbody>
          {jobs.map((job) => (
            <Tr key={job.id}>
              <Td className="font-mono text-xs">{job.type}</Td>
              <Td className="max-w-xs break-words text-xs">{job.subject ?? "—"}</Td>
              <Td>
                <StatusBadge status={job.status} />
              </Td>
              <Td>
                <ProgressBar value={job.progress} label={`Progress of ${job.type} job${job.subject ? ` (${job.subject})` : ""}`} />
                <div className="mt-1 text-xs text-slate-500">
                  {Math.round(job.progress * 100)}%{job.progressMessage ? ` · ${job.progressMessage}` : ""}
                </div>
              </Td>
              <Td>
                {job.attempts}/{job.maxAttempts}
              </Td>
              <Td className="text-xs text-slate-500">{utcTime(job.createdAt)}</Td>
              <Td className="max-w-xs whitespace-pre-wrap break-words text-xs text-red-700">{job.error}</Td>
              {canManage ? (
                <Td>
                  {job.status === "failed" || job.status === "cancelled" ? (
                    <Button variant="secondary" onClick={() => retry.mutate(job.id)} disabled={retry.isPending}>
                      Retry
                    </Button>
                  ) : null}
                  {job.status === "queued" || job.status === "running" ? (
                    <Button variant="danger" onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending}>
                      Cancel
                    </Button>
                  ) : null}
                </Td>
              ) : null}
            </Tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
