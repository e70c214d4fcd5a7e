import type { Metadata } from "next";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Judges" description="The judge panel: LLM, rule and reference judges, their agreement and confusion matrices." />
      <EmptyState title="No judges configured">
        <p>Judges are configured per project: an OpenAI-compatible or Anthropic endpoint, a rule from the rubric evaluator, or a reference comparison.</p>
        <p>Set <Code>OPENAI_BASE_URL</Code> and <Code>OPENAI_API_KEY</Code> to use an OpenAI-compatible server such as vLLM or Ollama.</p>
      </EmptyState>
    </>
  );
}
