"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { useJobs } from "@/components/jobs/use-jobs";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useMineTraces } from "./use-mine-traces";

/** Starts mining tool-use replay tasks from the project's traces (reviewers) and follows the job here. */
export function MineTracesForm({ environments }: { environments: string[] }) {
  const [environment, setEnvironment] = useState("");
  const mine = useMineTraces();
  const { data: jobs } = useJobs();
  const job = mine.data ? jobs?.find((j) => j.id === mine.data.jobId) : undefined;
  const router = useRouter();
  useEffect(() => {
    if (job?.status === "succeeded") router.refresh();
  }, [job?.status, router]);
  const id = useId();
  return (
    <form
      aria-label="Mine tasks from traces"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        mine.mutate(environment);
      }}
    >
      <div className="text-sm">
        <label htmlFor={`${id}-environment`} className="block font-medium">
          Traces of
        </label>
        <select
          id={`${id}-environment`}
          value={environment}
          onChange={(event) => setEnvironment(event.target.value)}
          className="mt-1 block rounded-md border border-slate-500 px-2 py-1.5 text-sm"
        >
          <option value="">every environment</option>
          {environments.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={mine.isPending || job?.status === "queued" || job?.status === "running"}>
        Mine tool-use replay tasks
      </Button>
      {mine.error ? (
        <p role="alert" className="text-sm text-red-700">
          {mine.error.message}
        </p>
      ) : null}
      {job ? (
        <div className="w-full text-sm" role="status">
          <ProgressBar value={job.progress} label="Mining progress" />
          <p className="mt-1 text-slate-600">{job.status === "failed" ? `Failed: ${job.error}` : (job.progressMessage ?? job.status)}</p>
        </div>
      ) : null}
    </form>
  );
}
