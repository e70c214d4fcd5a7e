import type { Metadata } from "next";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Review queue" };

export default async function ReviewPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Review queue" description="Edge cases worth a human decision: judge disagreements, suspected hacks, metric divergence." />
      <EmptyState title="Nothing to review yet">
        <p>Edge cases appear here when judges disagree on a rollout, when a hack check fires on a high-reward rollout, or when a run's proxy reward diverges from its held-out metric.</p>
        <p>Get data in first: import traces on the Traces page, or run the built-in lab with <Code>npm run goodhart -- lab run</Code>.</p>
      </EmptyState>
    </>
  );
}
