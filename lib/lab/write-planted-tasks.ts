import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import type { LabTask } from "./generate-tasks";
import { LAB_ENVIRONMENT } from "./lab-rubrics";

/** Ids looked up per query: SQLite binds at most a few hundred parameters per statement. */
const chunk = 300;

const claimOf = { refund: "refund_issued", deny: "denied", escalate: "escalated" } as const;

/**
 * What the desk should end up having done and told the customer, in the shape of the end state's own
 * keys (a reply names only its claim: its wording is free), so the core's reference judge compares a
 * rollout's end state with it like any task's planted state.
 */
export function plantedEndState({ planted }: LabTask) {
  return {
    refunds: planted.verdict === "refund" ? [{ orderId: planted.orderId, amount: planted.amount }] : [],
    denials: planted.verdict === "deny" ? [{ orderId: planted.orderId }] : [],
    escalations: planted.verdict === "escalate" ? [{ orderId: planted.orderId }] : [],
    replies: [{ claim: claimOf[planted.verdict] }],
  };
}

/**
 * The lab's planted tasks as Task rows (origin "planted"), keyed by the task id its traces carry in
 * `task`. A task is made by its seed alone, so one already stored is kept as it is.
 */
export async function writePlantedTasks(db: Db, { projectId, tasks }: { projectId: string; tasks: LabTask[] }): Promise<number> {
  const stored = new Set<string>();
  for (let start = 0; start < tasks.length; start += chunk) {
    const ids = tasks.slice(start, start + chunk).map((task) => task.id);
    const rows = await db.task.findMany({ where: { projectId, externalId: { in: ids } }, select: { externalId: true } });
    for (const row of rows) stored.add(row.externalId);
  }
  const data = tasks
    .filter((task) => !stored.has(task.id))
    .map((task) => ({
      projectId,
      externalId: task.id,
      environment: LAB_ENVIRONMENT,
      origin: "planted",
      prompt: task.requestText,
      ...(task.contextShown ? { context: { policy: task.policyText } } : {}),
      plantedState: plantedEndState(task),
      metadata: { simulated: true, baseId: task.baseId, contextShown: task.contextShown, planted: task.planted },
    }));
  if (!data.length) return 0;
  try {
    await retryOnBusy(() => db.task.createMany({ data }));
  } catch (error) {
    // Another run of the same seed stored some of them in between: store what is still missing.
    if ((error as { code?: string }).code === "P2002") return await writePlantedTasks(db, { projectId, tasks });
    throw error;
  }
  return data.length;
}
