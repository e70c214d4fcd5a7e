import type { Metadata } from "next";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Traces" };

export default async function TracesPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Traces" description="Production traces and rollouts, with their steps, verdicts and rubric results." />
      <EmptyState title="No traces yet">
        <p>Send traces to <Code>POST /api/v1/traces</Code> with a project API key (create one in Settings), or import a file with <Code>npm run goodhart -- import FILE</Code>.</p>
        <p>OpenAI chat JSONL, OpenTelemetry GenAI spans, tau-bench, Langfuse, verifiers and Inspect logs are read as they are.</p>
      </EmptyState>
    </>
  );
}
