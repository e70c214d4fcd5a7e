import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { findTrace } from "@/lib/traces/find-trace";

export default async function TracePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, member } = await requireMember("viewer");
  const { id } = await params;
  const trace = await orNotFound(findTrace(db, { projectId: member.projectId, traceId: id }));
  return (
    <>
      <PageHeader title={`Trace ${trace.externalId}`} description={`${trace.source} · ${trace.environment ?? "no environment"} · ${trace.stepCount} steps`} />
      <dl className="grid max-w-xl grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-500">Reward</dt>
        <dd>{trace.reward ?? "—"}</dd>
        <dt className="text-slate-500">Success</dt>
        <dd>{trace.success == null ? "—" : String(trace.success)}</dd>
        <dt className="text-slate-500">Task</dt>
        <dd>{trace.task ?? "—"}</dd>
      </dl>
    </>
  );
}
