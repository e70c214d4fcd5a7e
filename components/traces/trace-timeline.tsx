"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";
import { findInSteps } from "./find-in-steps";
import { TraceStepCard } from "./trace-step-card";
import { useTraceSteps } from "./use-trace-steps";

const stepsPerFrame = 100;

/**
 * The steps of a trace in the page's own flow (the page scrolls as one; no inner scroll box). The
 * first steps come with the page's HTML; the rest load after and are appended. Off-screen steps
 * skip layout and paint (content-visibility), so 5,000 steps stay cheap. "Find in trace" jumps from
 * match to match; #step-N in the URL (a check's evidence) highlights that step and scrolls to it.
 */
export function TraceTimeline({ traceId, stepCount, firstSteps }: { traceId: string; stepCount: number; firstSteps: TraceStepView[] }) {
  const isComplete = firstSteps.length >= stepCount;
  const all = useTraceSteps(traceId, !isComplete);
  const steps = isComplete ? firstSteps : (all.data ?? firstSteps);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ query: string; matches: number[]; at: number } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  // The loaded steps are appended a batch per frame, so 5,000 cards never block the page at once.
  const [shown, setShown] = useState(firstSteps.length);
  useEffect(() => {
    if (shown >= steps.length) return;
    const frame = requestAnimationFrame(() => setShown((count) => Math.min(steps.length, count + stepsPerFrame)));
    return () => cancelAnimationFrame(frame);
  }, [shown, steps.length]);

  useEffect(() => {
    const fromHash = /^#step-(\d+)$/.exec(window.location.hash);
    // The hash is only known in the browser; reading it in the first render would not match the server's HTML.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (fromHash) setHighlighted(Number(fromHash[1]));
  }, []);
  const isHighlightedShown = highlighted !== null && steps.slice(0, shown).some((step) => step.index === highlighted);
  useEffect(() => {
    if (highlighted !== null && isHighlightedShown) document.getElementById(`step-${highlighted}`)?.scrollIntoView({ block: "center" });
  }, [highlighted, isHighlightedShown]);

  const findNext = () => {
    const matches = found?.query === query ? found.matches : findInSteps(steps, query);
    const at = found?.query === query ? (found.at + 1) % Math.max(1, matches.length) : 0;
    setFound({ query, matches, at });
    if (!matches.length) return;
    setShown((count) => Math.max(count, matches[at]! + 1));
    setHighlighted(steps[matches[at]!]!.index);
  };

  if (stepCount === 0) return <p className="text-sm text-slate-600">This trace has no steps.</p>;
  return (
    <section aria-label="Timeline">
      <form
        role="search"
        aria-label="Find in trace"
        className="mb-2 flex flex-wrap items-end gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          findNext();
        }}
      >
        <label>
          Find in trace
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="text, tool name, a value in a result" className="ml-2 w-72 rounded-md border border-slate-500 px-2 py-1" />
        </label>
        <Button type="submit" variant="secondary" disabled={!query.trim() || (!isComplete && !all.data)}>
          {found?.query === query && found.matches.length > 1 ? "Next match" : "Find"}
        </Button>
        <span className="text-slate-600" aria-live="polite">
          {found?.query === query
            ? found.matches.length
              ? `match ${found.at + 1} of ${found.matches.length.toLocaleString("en")} · step ${steps[found.matches[found.at]!]!.index.toLocaleString("en")}`
              : "no step holds this text"
            : !isComplete && !all.data
              ? `showing the first ${firstSteps.length.toLocaleString("en")} of ${stepCount.toLocaleString("en")} steps; loading the rest…`
              : `${stepCount.toLocaleString("en")} steps`}
        </span>
      </form>
      {all.error ? <p role="alert" className="mb-2 text-sm text-red-700">Could not load the remaining steps: {all.error.message}</p> : null}
      <ol className="space-y-2">
        {steps.slice(0, shown).map((step) => (
          <li
            key={step.index}
            id={`step-${step.index}`}
            aria-current={step.index === highlighted ? "true" : undefined}
            className={`scroll-mt-4 rounded-lg [contain-intrinsic-size:auto_160px] [content-visibility:auto] ${step.index === highlighted ? "ring-2 ring-amber-500" : ""}`}
          >
            <TraceStepCard step={step} />
          </li>
        ))}
      </ol>
    </section>
  );
}
