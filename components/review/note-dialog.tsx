"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useFocusTrap } from "@/components/ui/use-focus-trap";

/** The note on a case: Ctrl+Enter or Enter without Shift saves, Esc closes. */
export function NoteDialog({ title, initial, onSave, onClose, isSaving }: { title: string; initial: string; onSave: (note: string) => void; onClose: () => void; isSaving: boolean }) {
  const titleId = useId();
  const trapRef = useFocusTrap<HTMLDivElement>();
  const [note, setNote] = useState(initial);
  return (
    <div ref={trapRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="fixed inset-0 z-20 flex items-start justify-center bg-slate-900/30 p-16">
      <form
        className="w-full max-w-lg rounded-lg bg-white p-6 shadow-lg"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(note);
        }}
      >
        <h2 id={titleId} className="text-base font-semibold">
          Note on “{title}”
        </h2>
        <label className="mt-3 block text-sm font-medium" htmlFor={`${titleId}-note`}>
          Note
        </label>
        <textarea
          id={`${titleId}-note`}
          autoFocus
          rows={4}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") onClose();
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              onSave(note);
            }
          }}
          className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm"
        />
        <p className="mt-1 text-xs text-slate-500">Enter saves, Shift+Enter starts a new line, Esc closes.</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            Save note
          </Button>
        </div>
      </form>
    </div>
  );
}
