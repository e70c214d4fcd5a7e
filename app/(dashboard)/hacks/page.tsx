import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Known hacks" };

export default async function HacksPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Known hacks" description="Reward-hacking patterns: proposed, approved or rejected, each with its hack-check item." />
      <EmptyState title="No known hacks yet">
        <p>Hack suspects surface in the review queue; approving one adds it here and puts its hack-check item into the next rubric draft.</p>
      </EmptyState>
    </>
  );
}
