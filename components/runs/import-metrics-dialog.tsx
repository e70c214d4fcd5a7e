"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { RequestError } from "@/components/ui/fetch-json";
import type { MetricFileResult } from "@/lib/runs/metric-files/metric-file-result";
import { plural } from "@/lib/words/plural";
import { useImportRunMetrics } from "./use-import-run-metrics";

/** /runs "Import metrics": a trainer's metrics file (CSV, JSONL, W&B export, TensorBoard) into a run of the given name. */
export function ImportMetricsDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [run, setRun] = useState("");
  const upload = useImportRunMetrics();
  const router = useRouter();
  const titleId = useId();
  const result = upload.data;

  const pick = (picked: File | null) => {
    setFile(picked);
    if (picked && !run.trim()) setRun(picked.name.replace(/\.[^.]*$/, ""));
  };

  const start = () => {
    if (!file || !run.trim()) return;
    // The list is server-rendered when it was empty: reload it once the run is in.
    upload.mutate({ file, run: run.trim() }, { onSuccess: () => router.refresh() });
  };

  if (!isOpen)
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Import metrics
      </Button>
    );
  return (
    <div role="dialog" aria-labelledby={titleId} className="fixed inset-0 z-10 flex items-start justify-center bg-slate-900/30 p-16">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-lg">
        <h2 id={titleId} className="text-lg font-semibold">
          Import metrics
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A run&apos;s metrics from JSONL (W&amp;B, TRL, verl&apos;s file logger), CSV, a W&amp;B history export (CSV or JSON), Hugging Face&apos;s trainer_state.json or a TensorBoard event file. The same run name adds to the same run: a point at a metric and step the run already has replaces the stored value; other points are kept.
        </p>
        <div className="mt-4 space-y-3 text-sm">
          <label className="block">
            Metrics file
            <input type="file" className="mt-1 block w-full text-sm" onChange={(event) => pick(event.target.files?.[0] ?? null)} />
          </label>
          <label className="block">
            Run name
            <input value={run} onChange={(event) => setRun(event.target.value)} maxLength={200} className="mt-1 block w-full rounded-md border border-slate-500 px-2 py-1" />
          </label>
        </div>
        {upload.error ? (
          <div role="alert" className="mt-3 space-y-2 text-sm text-red-700">
            <p>{upload.error.message}</p>
            {/* A refused file (nothing readable) answers with the lines it could not read, as a partial import lists them. */}
            <RejectedLines rejected={upload.error instanceof RequestError ? upload.error.details.filter(isRejectedLine) : []} />
          </div>
        ) : null}
        {result ? (
          <div role="status" className="mt-4 space-y-2 text-sm">
            <p data-testid="run-import-result">
              {result.created ? "Made" : "Added to"}{" "}
              <Link href={`/runs/${result.runId}`} className="font-medium text-indigo-700 hover:underline">
                {result.runName}
              </Link>
              : {plural(result.points, "point")} of {plural(result.metrics.length, "metric")} from {result.format}
              {result.skipped ? `; ${plural(result.skipped, "value was not a number and was", "values were not numbers and were")} left out` : ""}
              {result.rejected.length ? `; ${plural(result.rejected.length, "line or record", "lines or records")} could not be read` : ""}
            </p>
            <RejectedLines rejected={result.rejected} />
          </div>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Close
          </Button>
          <Button onClick={start} disabled={!file || !run.trim() || upload.isPending}>
            {upload.isPending ? "Importing…" : "Import"}
          </Button>
        </div>
      </div>
    </div>
  );
}

type RejectedLine = MetricFileResult["rejected"][number];

const isRejectedLine = (detail: unknown): detail is RejectedLine =>
  typeof detail === "object" && detail !== null && typeof (detail as RejectedLine).error === "string" && ((detail as RejectedLine).line !== undefined || (detail as RejectedLine).index !== undefined);

function RejectedLines({ rejected }: { rejected: RejectedLine[] }) {
  if (!rejected.length) return null;
  return (
    <ul aria-label="Lines not imported" className="max-h-40 list-disc overflow-auto pl-5 text-xs text-red-800">
      {rejected.map((line, i) => (
        <li key={i}>
          {line.line !== undefined ? `line ${line.line}` : `record ${line.index}`}: {line.error}
        </li>
      ))}
    </ul>
  );
}
