import type { Metadata } from "next";
import Link from "next/link";
import { TraceLinkedSections } from "@/components/traces/trace-linked-sections";
import { TraceOutcomePanel } from "@/components/traces/trace-outcome-panel";
import { TraceRawJson } from "@/components/traces/trace-raw-json";
import { TraceSummary } from "@/components/traces/trace-summary";
import { TraceTimeline } from "@/components/traces/trace-timeline";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findTraceDetail } from "@/lib/traces/find-trace-detail";
import { listTraceSteps } from "@/lib/traces/list-trace-steps";

/** Steps rendered with the page's HTML; the rest are appended in the browser. */
const firstStepsInHtml = 50;

export const metadata: Metadata = { title: "Trace" };

export default async function TracePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { trace, run, finalReply, totals, ...linked } = await orNotFound(findTraceDetail(db, { projectId: member.projectId, traceId: id }));
  const firstSteps = await listTraceSteps(db, { projectId: member.projectId, traceId: trace.id, take: firstStepsInHtml });
  const rawTrace = JSON.parse(JSON.stringify(trace)) as Record<string, unknown>;
  return (
    <>
      <header className="mb-3">
        <p className="text-sm">
          <Link href="/traces" className="text-indigo-700 underline">
            ← Traces
          </Link>
        </p>
        <h1 className="truncate text-2xl font-semibold tracking-tight" title={trace.externalId}>
          Trace {trace.externalId}
        </h1>
        <p className="text-sm text-slate-600">
          {trace.source} · {trace.environment ?? "no environment"}
        </p>
      </header>
      <TraceSummary trace={trace} run={run} finalReply={finalReply} totals={totals} />
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        {/* The evidence stays beside the steps while the page scrolls through them. */}
        <div className="min-w-0 space-y-3 xl:sticky xl:top-4 xl:order-2">
          <TraceLinkedSections {...linked} />
          <TraceOutcomePanel trace={trace} />
        </div>
        <div className="min-w-0 xl:order-1">
          {trace.input ? (
            <div className="mb-3 text-sm">
              <span className="font-semibold">Input: </span>
              {trace.input.length > 400 ? `${trace.input.slice(0, 400)}…` : trace.input}
            </div>
          ) : null}
          <TraceTimeline traceId={trace.id} stepCount={trace.stepCount} firstSteps={firstSteps} />
        </div>
      </div>
      <TraceRawJson traceId={trace.id} trace={rawTrace} />
    </>
  );
}
