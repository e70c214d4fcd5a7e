import { ProgressBar } from "@/components/ui/progress-bar";
import type { RunJobProgress } from "@/lib/runs/list-runs";

const statusStyle: Record<string, string> = {
  queued: "bg-slate-100 text-slate-700",
  running: "bg-blue-100 text-blue-800",
  succeeded: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-amber-100 text-amber-800",
};

/** A run's status, with its job's live progress while it trains and the job's error when it failed. */
export function RunStatus({ name, status, job }: { name: string; status: string; job: RunJobProgress | null }) {
  return (
    <div>
      <span className={`rounded px-2 py-0.5 text-xs font-medium ${statusStyle[status] ?? ""}`}>{status}</span>
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
