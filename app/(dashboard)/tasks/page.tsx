import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Tasks" };

export default async function TasksPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Tasks" description="Mined and planted tasks with their difficulty and grounding gap." />
      <EmptyState title="No tasks yet">
        <p>Tasks are mined from traces or planted by the lab's simulator; their pass rate over rollouts places them in the difficulty band GRPO needs.</p>
      </EmptyState>
    </>
  );
}
