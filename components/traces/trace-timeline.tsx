"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { TraceStepCard } from "./trace-step-card";
import { useTraceSteps } from "./use-trace-steps";

/** The steps as a virtualised list: only what is on screen is in the DOM, so 5,000 steps scroll smoothly. */
export function TraceTimeline({ traceId, stepCount }: { traceId: string; stepCount: number }) {
  const { data: steps, error, isPending } = useTraceSteps(traceId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [jumpTo, setJumpTo] = useState("");
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's documented use; this component is simply not auto-memoised
  const virtualizer = useVirtualizer({
    count: steps?.length ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 140,
    overscan: 6,
  });

  if (isPending) return <p className="text-sm text-slate-500">Loading {stepCount} steps…</p>;
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load the steps: {error.message}</p>;
  if (steps.length === 0) return <p className="text-sm text-slate-500">This trace has no steps.</p>;

  const jump = () => {
    const index = Number(jumpTo);
    if (!Number.isInteger(index)) return;
    virtualizer.scrollToIndex(Math.max(0, Math.min(steps.length - 1, index)), { align: "start" });
  };
  return (
    <section aria-label="Timeline">
      <form
        className="mb-2 flex items-end gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          jump();
        }}
      >
        <label>
          Jump to step
          <input type="number" min={0} max={steps.length - 1} value={jumpTo} onChange={(event) => setJumpTo(event.target.value)} className="ml-2 w-24 rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <Button type="submit" variant="secondary">
          Go
        </Button>
        <span className="text-slate-500">{steps.length.toLocaleString("en")} steps</span>
      </form>
      <div ref={scrollRef} data-testid="timeline-scroll" className="h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50">
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="absolute left-0 top-0 w-full p-2" style={{ transform: `translateY(${item.start}px)` }}>
              <TraceStepCard step={steps[item.index]!} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
