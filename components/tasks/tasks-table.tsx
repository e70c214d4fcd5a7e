import Link from "next/link";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import type { DifficultyBand } from "@/lib/tasks/difficulty";
import type { TaskRow } from "@/lib/tasks/list-tasks";
import { taskTablePage } from "@/lib/tasks/task-table-page";
import { tasksPageHref } from "@/lib/tasks/tasks-page-href";

const poolColors = { hard: "bg-rose-100 text-rose-800", normal: "bg-indigo-100 text-indigo-800", easy: "bg-emerald-100 text-emerald-800" } as const;
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);

/** One row a task: where it came from, its pass rate over its rollouts and pool, its grounding gap; `pageSize` rows a page. */
export function TasksTable({ tasks, total, search, band, page, pageSize }: { tasks: TaskRow[]; total: number; search: string; band: DifficultyBand; page: number; pageSize: number }) {
  const { page: current, pages, first, end } = taskTablePage(tasks.length, page, pageSize);
  const shown = tasks.slice(first, end);
  return (
    <section aria-label="Tasks" className="overflow-hidden rounded-lg border border-slate-200">
      <Table>
        <TableHead>
          <Th>Task</Th>
          <Th>Origin</Th>
          <Th>Environment</Th>
          <Th className="text-right">Rollouts</Th>
          <Th className="text-right">Pass rate</Th>
          <Th>Pool</Th>
          <Th className="text-right">Gap</Th>
        </TableHead>
        <tbody>
          {shown.map((task) => (
            <Tr key={task.id} className={task.isInBand ? undefined : "text-slate-500"}>
              <Td className="max-w-md">
                <div className="font-mono text-xs">{task.externalId}</div>
                <div className="line-clamp-2 text-slate-600">{task.prompt}</div>
              </Td>
              <Td>{task.origin}</Td>
              <Td>{task.environment}</Td>
              <Td className="text-right tabular-nums">{task.rolloutCount}</Td>
              <Td className="text-right tabular-nums">{task.rolloutCount ? `${percent(task.passRate)} (${task.passCount}/${task.rolloutCount})` : "—"}</Td>
              <Td>{task.pool ? <span className={`rounded px-1.5 py-0.5 text-xs ${poolColors[task.pool]}`}>{task.pool}</span> : "—"}</Td>
              <Td className="text-right tabular-nums">
                {task.groundingGap === null ? (task.hasContext ? "not measured" : "no context") : task.groundingGap.toFixed(2)}
                {task.isUselessForTraining ? <div className="text-xs font-medium text-amber-700">no gap: useless for training</div> : null}
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {search ? (
        <p role="status" className="bg-white p-2 text-xs text-slate-500">
          {tasks.length} of {total} tasks match “{search}”.
        </p>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Task pages" className="flex flex-wrap items-center gap-4 bg-white p-2 text-xs text-slate-600">
          <span>
            Tasks {(first + 1).toLocaleString("en")}–{end.toLocaleString("en")} of {tasks.length.toLocaleString("en")} (page {current} of {pages})
          </span>
          {current > 1 ? (
            <Link href={tasksPageHref({ band, search, page: current - 1 })} className="text-indigo-700 underline">
              Previous page
            </Link>
          ) : null}
          {current < pages ? (
            <Link href={tasksPageHref({ band, search, page: current + 1 })} className="text-indigo-700 underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
