"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";
import { estimateStepHeight } from "./estimate-step-height";
import { TraceStepCard } from "./trace-step-card";
import { useTraceSteps } from "./use-trace-steps";

/** The steps of a trace, loaded once and shown as a virtualised list. */
export function TraceTimeline({ traceId, stepCount }: { traceId: string; stepCount: number }) {
  const { data: steps, error, isPending } = useTraceSteps(traceId);
  if (isPending) return <p className="text-sm text-slate-500">Loading {stepCount.toLocaleString("en")} steps…</p>;
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load the steps: {error.message}</p>;
  if (steps.length === 0) return <p className="text-sm text-slate-500">This trace has no steps.</p>;
  return <StepList steps={steps} />;
}

/**
 * Only the rows on screen are in the DOM, so 5,000 steps scroll smoothly. Mounted once the steps
 * are there, so the scroll box exists when the virtualiser first measures it; each row is
 * measured as it renders, from an estimate close to its size.
 */
function StepList({ steps }: { steps: TraceStepView[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [jumpTo, setJumpTo] = useState("");
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's documented use; this component is simply not auto-memoised
  const virtualizer = useVirtualizer({
    count: steps.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateStepHeight(steps[index]!),
    getItemKey: (index) => steps[index]!.id,
    overscan: 8,
  });
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
      <div ref={scrollRef} data-testid="timeline-scroll" className="max-h-[75vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50 [overflow-anchor:none]">
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
