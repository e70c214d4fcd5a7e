"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useJobAction, useJobs } from "./use-jobs";

const statusStyle: Record<string, string> = {
  queued: "bg-slate-100 text-slate-700",
  running: "bg-blue-100 text-blue-800",
  succeeded: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-amber-100 text-amber-800",
};

export function JobsTable({ canManage }: { canManage: boolean }) {
  const { data: jobs, error, isPending } = useJobs();
  const retry = useJobAction("retry");
  const cancel = useJobAction("cancel");
  if (isPending) return <p className="text-sm text-slate-500">Loading jobs…</p>;
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load jobs: {error.message}</p>;
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
      {actionError ? <p role="alert" className="mb-3 text-sm text-red-700">{actionError.message}</p> : null}
      <table className="w-full border-collapse bg-white text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            <th className="p-2">Type</th>
            <th className="p-2">Status</th>
            <th className="w-64 p-2">Progress</th>
            <th className="p-2">Attempts</th>
            <th className="p-2">Created</th>
            <th className="p-2">Error</th>
            {canManage ? <th className="p-2">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} className="border-b border-slate-100 align-top">
              <td className="p-2 font-mono text-xs">{job.type}</td>
              <td className="p-2">
                <span className={`rounded px-2 py-0.5 text-xs font-medium ${statusStyle[job.status] ?? ""}`}>{job.status}</span>
              </td>
              <td className="p-2">
                <ProgressBar value={job.progress} label={`Progress of ${job.type} job`} />
                <div className="mt-1 text-xs text-slate-500">
                  {Math.round(job.progress * 100)}%{job.progressMessage ? ` · ${job.progressMessage}` : ""}
                </div>
              </td>
              <td className="p-2">
                {job.attempts}/{job.maxAttempts}
              </td>
              <td className="p-2 text-xs text-slate-500">{new Date(job.createdAt).toLocaleString()}</td>
              <td className="max-w-xs whitespace-pre-wrap break-words p-2 text-xs text-red-700">{job.error}</td>
              {canManage ? (
                <td className="p-2">
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
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
