import type { Metadata } from "next";
import { AddDocumentDialog } from "@/components/tasks/add-document-dialog";
import { BandControl } from "@/components/tasks/band-control";
import { DifficultyCharts } from "@/components/tasks/difficulty-charts";
import { GapsBySource } from "@/components/tasks/gaps-by-source";
import { MineTracesForm } from "@/components/tasks/mine-traces-form";
import { StartGroundingForm } from "@/components/tasks/start-grounding-form";
import { TaskSearch } from "@/components/tasks/task-search";
import { TasksTable } from "@/components/tasks/tasks-table";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { listJudges } from "@/lib/judges/list-judges";
import { listRunPanelOptions } from "@/lib/judges/list-run-panel-options";
import { requireMember } from "@/lib/next/page-context";
import { bandSchema, DEFAULT_BAND } from "@/lib/tasks/difficulty";
import { listTasks } from "@/lib/tasks/list-tasks";

export const metadata: Metadata = { title: "Tasks" };

const pageSize = 100;

export default async function TasksPage({ searchParams }: { searchParams: Promise<{ band?: string | string[]; q?: string | string[]; page?: string | string[] }> }) {
  const { db, member } = await requireMember("viewer");
  const { band: asked, q, page } = await searchParams;
  const search = typeof q === "string" ? q : "";
  const pageNumber = typeof page === "string" && /^\d{1,6}$/.test(page) ? Number(page) : 1;
  const parsed = typeof asked === "string" ? bandSchema.safeParse(asked) : null;
  const band = parsed?.success ? parsed.data : DEFAULT_BAND;
  const canStart = hasRole(member.role, "reviewer");
  const [list, judges, panelOptions] = await Promise.all([
    listTasks(db, { projectId: member.projectId, band, search }),
    canStart ? listJudges(db, member.projectId) : [],
    canStart ? listRunPanelOptions(db, { projectId: member.projectId }) : null,
  ]);
  const contextEnvironments = [...new Set(list.tasks.filter((task) => task.hasContext).map((task) => task.environment))];
  const { counts, zeroStd } = list;
  return (
    <>
      <PageHeader title="Tasks" description="Mined and planted tasks with their difficulty and grounding gap." actions={canStart ? <AddDocumentDialog /> : undefined} />
      {panelOptions ? <MineTracesForm environments={panelOptions.environments.map((env) => env.name)} /> : null}
      {list.tasks.length === 0 ? (
        <EmptyState title="No tasks yet">
          <p>Tasks are mined from documents and traces or planted by the lab's simulator; their pass rate over rollouts places them in the difficulty band GRPO needs.</p>
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {parsed && !parsed.success ? <p role="alert" className="text-sm text-red-700">The band in the address is not valid ({parsed.error.issues[0]?.message}); showing the default band 0.1–0.9.</p> : null}
          <BandControl key={`${band.low},${band.high}`} band={band} search={search} />
          <p className="text-sm text-slate-600">
            {counts.tasks} tasks, {counts.withRollouts} with scored rollouts; pools: {counts.pools.hard} hard (≤ 0.25), {counts.pools.normal} normal (≤ 0.75), {counts.pools.easy} easy.{" "}
            {zeroStd.fraction === null ? "No group of rollouts yet." : `Groups with zero reward spread (frac_reward_zero_std): ${(zeroStd.fraction * 100).toFixed(1)}% of ${zeroStd.groups} group${zeroStd.groups === 1 ? "" : "s"}.`}
          </p>
          <DifficultyCharts
            passRateHistogram={list.passRateHistogram}
            gapHistogram={list.gapHistogram}
            band={band}
            inBand={counts.inBand}
            noGap={list.tasks.filter((task) => task.isUselessForTraining).length}
          />
          <GapsBySource sources={list.gapsBySource} />
          {canStart && contextEnvironments.length ? (
            <StartGroundingForm judges={judges.filter((judge) => judge.kind !== "imported").map(({ id, name, kind }) => ({ id, name, kind }))} environments={contextEnvironments} />
          ) : null}
          {list.gapsBySource.length === 0 ? (
            <p className="text-sm text-slate-500">
              To measure it, queue a grounding A/B {canStart && contextEnvironments.length ? "with the form above or " : ""}with <Code>POST /api/v1/tasks/grounding</Code>.
            </p>
          ) : null}
          <TaskSearch search={search} band={band} />
          <TasksTable tasks={list.matching} total={list.tasks.length} search={search} band={band} page={pageNumber} pageSize={pageSize} />
        </div>
      )}
    </>
  );
}
