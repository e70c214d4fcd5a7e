import type { Metadata } from "next";
import { ImportTracesDialog } from "@/components/traces/import-traces-dialog";
import { TraceFilters } from "@/components/traces/trace-filters";
import { TracesTable } from "@/components/traces/traces-table";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { requireMember } from "@/lib/next/page-context";
import { listTraceJudgements } from "@/lib/traces/list-trace-judgements";
import { hasAnyTrace, listTraces } from "@/lib/traces/list-traces";
import { traceListQuerySchema } from "@/lib/traces/trace-list-query";

export const metadata: Metadata = { title: "Traces" };

export default async function TracesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, member } = await requireMember("viewer");
  const query = traceListQuerySchema.parse(await searchParams);
  const actions = hasRole(member.role, "reviewer") ? <ImportTracesDialog /> : null;
  const description = "Production traces and rollouts, with their steps, verdicts and rubric results.";
  const page = await listTraces(db, { projectId: member.projectId, query });
  // An empty page is the empty state only when the project has no trace at all, not just none that match.
  if (page.items.length === 0 && !(await hasAnyTrace(db, { projectId: member.projectId }))) {
    return (
      <>
        <PageHeader title="Traces" description={description} actions={actions} />
        <EmptyState title="No traces yet">
          <p>Send traces to <Code>POST /api/v1/traces</Code> with a project API key (create one in Settings), or import a file with <Code>npm run goodhart -- import FILE</Code>.</p>
          <p>OpenAI chat JSONL, OpenTelemetry GenAI spans, tau-bench, Langfuse, verifiers and Inspect logs are read as they are.</p>
        </EmptyState>
      </>
    );
  }
  const judgements = await listTraceJudgements(db, { projectId: member.projectId, traceIds: page.items.map((item) => item.id) });
  return (
    <>
      <PageHeader title="Traces" description={description} actions={actions} />
      <TraceFilters query={query} />
      <TracesTable query={query} page={page} judgements={judgements} now={new Date()} />
    </>
  );
}
