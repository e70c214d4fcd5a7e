"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { useFocusTrap } from "@/components/ui/use-focus-trap";
import { keyHelp } from "./review-keys";

export function KeyboardHelpDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const trapRef = useFocusTrap<HTMLDivElement>();
  return (
    <div ref={trapRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="fixed inset-0 z-20 flex items-start justify-center bg-slate-900/30 p-16">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-lg">
        <h2 id={titleId} className="text-base font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="mt-3 grid grid-cols-[5rem_1fr] gap-y-1.5 text-sm">
          {keyHelp.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{keys}</kbd>
              </dt>
              <dd className="text-slate-700">{what}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 text-right">
          <Button variant="secondary" onClick={onClose} autoFocus>
            Close
          </Button>
        </div>
      </div>
    </div>
  );
}
