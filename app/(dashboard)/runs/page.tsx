import type { Metadata } from "next";
import { ImportMetricsDialog } from "@/components/runs/import-metrics-dialog";
import { RunLabForm } from "@/components/runs/run-lab-form";
import { RunsTable } from "@/components/runs/runs-table";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { LAB_ENVIRONMENT } from "@/lib/lab/lab-rubrics";
import { requireMember } from "@/lib/next/page-context";
import { listRubricVersions } from "@/lib/rubrics/list-rubric-versions";
import { listRuns } from "@/lib/runs/list-runs";

export const metadata: Metadata = { title: "Training runs" };

export default async function RunsPage({ searchParams }: { searchParams: Promise<{ compare?: string | string[] }> }) {
  const { db, member } = await requireMember("viewer");
  const { compare } = await searchParams;
  const compared = [compare ?? []].flat().flatMap((value) => value.split(",")).map((id) => id.trim()).filter(Boolean);
  const canRun = hasRole(member.role, "reviewer");
  const [runs, labVersions] = await Promise.all([listRuns(db, { projectId: member.projectId }), canRun ? listRubricVersions(db, { projectId: member.projectId, environment: LAB_ENVIRONMENT }) : []]);
  return (
    <>
      <PageHeader
        title="Training runs"
        description="RL runs with their metrics, divergence windows and behaviour drift."
        actions={hasRole(member.role, "reviewer") ? <ImportMetricsDialog /> : undefined}
      />
      {canRun ? <RunLabForm versions={labVersions} /> : null}
      {runs.length === 0 ? (
        <EmptyState title="No training runs yet">
          <p>Register a run with <Code>POST /api/v1/runs</Code> and send metrics to <Code>POST /api/v1/runs/ID/metrics</Code>, or run the built-in lab with <Code>npm run goodhart -- lab run</Code>.</p>
        </EmptyState>
      ) : (
        <RunsTable initialRuns={runs} compare={compared} />
      )}
    </>
  );
}
