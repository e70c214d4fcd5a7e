import { StatusBadge } from "@/components/ui/status-badge";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { RunJobProgress } from "@/lib/runs/list-runs";

/** A run's status, with its job's live progress while it trains and the job's error when it failed. */
export function RunStatus({ name, status, job }: { name: string; status: string; job: RunJobProgress | null }) {
  return (
    <div>
      <StatusBadge status={status} />
      {job && (status === "queued" || status === "running") ? (
        <div className="mt-2 w-48">
          <ProgressBar value={job.progress} label={`Progress of ${name}`} />
          <div className="mt-1 text-xs text-slate-500">
            {Math.round(job.progress * 100)}%{job.progressMessage ? ` · ${job.progressMessage}` : ""}
          </div>
        </div>
      ) : null}
      {status === "failed" && job?.error ? <p className="mt-1 max-w-xs text-xs text-red-700">{job.error}</p> : null}
    </div>
  );
}
