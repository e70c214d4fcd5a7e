import type { Metadata } from "next";
import { MineTracesForm } from "@/components/tasks/mine-traces-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { listRunPanelOptions } from "@/lib/judges/list-run-panel-options";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Tasks" };

export default async function TasksPage() {
  const { db, member } = await requireMember("viewer");
  const { environments } = await listRunPanelOptions(db, { projectId: member.projectId });
  return (
    <>
      <PageHeader title="Tasks" description="Mined and planted tasks with their difficulty and grounding gap." />
      {hasRole(member.role, "reviewer") ? <MineTracesForm environments={environments.map((env) => env.name)} /> : null}
      <EmptyState title="No tasks yet">
        <p>Tasks are mined from traces or planted by the lab's simulator; their pass rate over rollouts places them in the difficulty band GRPO needs.</p>
      </EmptyState>
    </>
  );
}
