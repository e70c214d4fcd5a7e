import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Rubrics" };

export default async function RubricsPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Rubrics" description="Yes/no checklists per environment: drafts, approved versions and their diffs." />
      <EmptyState title="No rubrics yet">
        <p>Rubric items are extracted from judge rationales once traces have verdicts; a reviewer edits and approves them into a version.</p>
        <p>The built-in lab seeds the lab environment's rubric v1.</p>
      </EmptyState>
    </>
  );
}
