"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatNames } from "@/lib/ingest/format-name";
import { useImportJob, useUploadTraces } from "./use-import-job";

export function ImportTracesDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const upload = useUploadTraces();
  const { data } = useImportJob(jobId);
  const router = useRouter();
  const titleId = useId();
  const status = data?.job.status;

  // New traces are in: reload the server-rendered list behind the dialog.
  useEffect(() => {
    if (status === "succeeded") router.refresh();
  }, [status, router]);

  const start = async () => {
    if (!file) return;
    setJobId(null);
    const { jobId: queued } = await upload.mutateAsync({ file, format });
    setJobId(queued);
  };

  if (!isOpen) return <Button onClick={() => setIsOpen(true)}>Import traces</Button>;
  return (
    <div role="dialog" aria-labelledby={titleId} className="fixed inset-0 z-10 flex items-start justify-center bg-slate-900/30 p-16">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-lg">
        <h2 id={titleId} className="text-lg font-semibold">
          Import traces
        </h2>
        <p className="mt-1 text-sm text-slate-600">Any supported format: native, OpenAI JSONL, OTLP JSON, tau-bench, tau2, Langfuse, verifiers, Inspect. The file is imported by a worker.</p>
        <div className="mt-4 space-y-3 text-sm">
          <label className="block">
            Trace file
            <input type="file" className="mt-1 block w-full text-sm" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </label>
          <label className="block">
            Format
            <select value={format} onChange={(event) => setFormat(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-500 px-2 py-1">
              <option value="">detect automatically</option>
              {formatNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {upload.error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {upload.error.message}
          </p>
        ) : null}
        {data ? (
          <div className="mt-4 space-y-2 text-sm">
            <ProgressBar value={data.job.progress} label="Import progress" />
            <p aria-live="polite">
              {status === "succeeded" ? "Import finished" : status === "failed" ? "Import failed" : status === "queued" ? "Waiting for a worker…" : data.job.progressMessage ?? "Importing…"}
            </p>
            {data.job.error ? <p role="alert" className="text-red-700">{data.job.error}</p> : null}
            {data.result ? (
              <div>
                <p data-testid="import-result">
                  {data.result.accepted} accepted, {data.result.duplicates} duplicates, {data.result.rejectedCount} rejected
                </p>
                {data.result.rejected.length > 0 ? (
                  <ul className="mt-2 max-h-40 list-disc overflow-auto pl-5 text-xs text-red-800">
                    {data.result.rejected.map((rejected, i) => (
                      <li key={i}>{rejected.error}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Close
          </Button>
          <Button onClick={() => void start().catch(() => undefined)} disabled={!file || upload.isPending || (jobId !== null && !status?.match(/succeeded|failed|cancelled/))}>
            Upload and import
          </Button>
        </div>
      </div>
    </div>
  );
}
