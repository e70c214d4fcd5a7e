"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAddDocument } from "./use-add-document";

/** /tasks "Add document": a text, Markdown or HTML file (or pasted text) stored as a document and mined into tasks by a job. */
export function AddDocumentDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const add = useAddDocument();
  const titleId = useId();
  const result = add.data;
  const canAdd = name.trim() !== "" && (file !== null || text.trim() !== "") && !add.isPending;

  const pick = (picked: File | null) => {
    setFile(picked);
    if (picked && !name.trim()) setName(picked.name);
  };

  const start = () => {
    if (!canAdd) return;
    add.mutate(file ? { name: name.trim(), file } : { name: name.trim(), text });
  };

  if (!isOpen)
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Add document
      </Button>
    );
  return (
    <div role="dialog" aria-labelledby={titleId} className="fixed inset-0 z-10 flex items-start justify-center bg-slate-900/30 p-16">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-lg">
        <h2 id={titleId} className="text-lg font-semibold">
          Add document
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A text, Markdown or HTML file, or pasted text. Tasks are mined from it by a job: question-answer tasks checked by a second model when the project has an llm judge, else cloze
          tasks. The same text added again is the same document.
        </p>
        <div className="mt-4 space-y-3 text-sm">
          <label className="block">
            Document file
            <input type="file" accept=".txt,.md,.markdown,.html,.htm,.pdf,text/plain,text/markdown,text/html,application/pdf" className="mt-1 block w-full text-sm" onChange={(event) => pick(event.target.files?.[0] ?? null)} />
          </label>
          {file ? null : (
            <label className="block">
              Or paste its text
              <textarea value={text} onChange={(event) => setText(event.target.value)} rows={6} className="mt-1 block w-full rounded-md border border-slate-500 px-2 py-1 font-mono text-xs" />
            </label>
          )}
          <label className="block">
            Name
            <input value={name} onChange={(event) => setName(event.target.value)} maxLength={500} className="mt-1 block w-full rounded-md border border-slate-500 px-2 py-1" />
          </label>
        </div>
        {add.error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {add.error.message}
          </p>
        ) : null}
        {result ? (
          <p role="status" data-testid="add-document-result" className="mt-4 text-sm">
            {result.created ? "Added" : "Already stored:"} {result.title} ({result.chars.toLocaleString()} characters of {result.contentType}).{" "}
            {result.miningJobId ? (
              <Link href="/jobs" className="font-medium text-indigo-700 hover:underline">
                Mining job
              </Link>
            ) : null}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Close
          </Button>
          <Button onClick={start} disabled={!canAdd}>
            {add.isPending ? "Adding…" : "Add"}
          </Button>
        </div>
      </div>
    </div>
  );
}
