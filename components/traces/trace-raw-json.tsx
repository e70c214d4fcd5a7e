"use client";

import { useState } from "react";
import { useTraceSteps } from "./use-trace-steps";

/** The stored trace and its steps as JSON text, on demand. */
export function TraceRawJson({ traceId, trace }: { traceId: string; trace: Record<string, unknown> }) {
  const [isShown, setIsShown] = useState(false);
  const { data: steps } = useTraceSteps(traceId);
  return (
    <section aria-label="Raw JSON" className="mt-6">
      <button type="button" className="text-sm text-indigo-700 underline" aria-expanded={isShown} onClick={() => setIsShown(!isShown)}>
        {isShown ? "Hide raw JSON" : "Show raw JSON"}
      </button>
      {isShown ? (
        <pre data-testid="raw-json" className="mt-2 max-h-[60vh] overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100">
          {JSON.stringify({ ...trace, steps: steps ?? "loading…" }, null, 2)}
        </pre>
      ) : null}
    </section>
  );
}
