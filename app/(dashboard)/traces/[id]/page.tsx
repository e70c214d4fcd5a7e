import type { Metadata } from "next";
import Link from "next/link";
import { TraceLinkedSections } from "@/components/traces/trace-linked-sections";
import { TraceOutcomePanel } from "@/components/traces/trace-outcome-panel";
import { TraceRawJson } from "@/components/traces/trace-raw-json";
import { TraceTimeline } from "@/components/traces/trace-timeline";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findTraceDetail } from "@/lib/traces/find-trace-detail";

export const metadata: Metadata = { title: "Trace" };

export default async function TracePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const { trace, ...linked } = await orNotFound(findTraceDetail(db, { projectId: member.projectId, traceId: id }));
  const rawTrace = JSON.parse(JSON.stringify(trace)) as Record<string, unknown>;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/traces" className="text-indigo-700 underline">
          ← Traces
        </Link>
      </p>
      <PageHeader title={`Trace ${trace.externalId}`} description={`${trace.source} · ${trace.environment ?? "no environment"} · ${trace.stepCount} steps`} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          {trace.input ? (
            <p className="mb-3 text-sm">
              <span className="font-semibold">Input: </span>
              {trace.input.slice(0, 400)}
            </p>
          ) : null}
          <TraceTimeline traceId={trace.id} stepCount={trace.stepCount} />
        </div>
        <TraceOutcomePanel trace={trace} />
      </div>
      <div className="mt-6">
        <TraceLinkedSections {...linked} />
      </div>
      <TraceRawJson traceId={trace.id} trace={rawTrace} />
    </>
  );
}
