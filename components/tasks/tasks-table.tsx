import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import type { TaskRow } from "@/lib/tasks/list-tasks";

const poolColors = { hard: "bg-rose-100 text-rose-800", normal: "bg-indigo-100 text-indigo-800", easy: "bg-emerald-100 text-emerald-800" } as const;
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);

/** One row a task: where it came from, its pass rate over its rollouts and pool, its grounding gap. */
export function TasksTable({ tasks, total, search, limit }: { tasks: TaskRow[]; total: number; search: string; limit: number }) {
  const shown = tasks.slice(0, limit);
  return (
    <section aria-label="Tasks" className="overflow-x-auto rounded-lg border border-slate-200">
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
      {tasks.length > limit ? <p className="bg-white p-2 text-xs text-slate-500">Showing {limit} of {tasks.length} tasks; find one by its id or prompt above; the export holds every task in the band.</p> : null}
    </section>
  );
}
