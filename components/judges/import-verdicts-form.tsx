"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

type ImportAnswer = { imported: number; unchanged: number; judges: string[]; unmatched: Array<{ index: number; error: string }> };

/** Uploads a verdict summary another tool produced (tau2 judge_viewer) and shows what matched. */
export function ImportVerdictsForm() {
  const [file, setFile] = useState<File | null>(null);
  const router = useRouter();
  const upload = useMutation({
    mutationFn: async (body: File) => {
      const response = await fetch("/api/judges/import", { method: "POST", body, headers: { "content-type": "application/json" } });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer?.error?.message ?? `Upload failed (${response.status})`);
      return answer as ImportAnswer;
    },
    onSuccess: () => router.refresh(),
  });
  return (
    <section aria-labelledby="import-verdicts-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="import-verdicts-title" className="text-sm font-semibold">Import verdicts</h2>
      <p className="text-xs text-slate-500">A tau2-bench judge_viewer summary; its entries are matched to imported tau2 traces by simulation id.</p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Verdict file
          <input type="file" accept=".json,application/json" className="mt-1 block text-sm" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        <Button type="button" variant="secondary" disabled={!file || upload.isPending} onClick={() => file && upload.mutate(file)}>
          Import verdicts
        </Button>
      </div>
      {upload.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {upload.error.message}
        </p>
      ) : null}
      {upload.data ? (
        <div role="status" className="mt-2 text-sm text-slate-700">
          {upload.data.imported} imported, {upload.data.unchanged} already present, {upload.data.unmatched.length} unmatched ({upload.data.judges.join(", ") || "no judge"}).
          {upload.data.unmatched.length > 0 ? (
            <ul className="mt-1 max-h-32 overflow-auto text-xs text-amber-800">
              {upload.data.unmatched.slice(0, 50).map((entry) => (
                <li key={entry.index}>
                  entry {entry.index}: {entry.error}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
