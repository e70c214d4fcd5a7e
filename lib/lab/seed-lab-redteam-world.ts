import type { Db } from "../db/client";
import { storeTraces } from "../traces/store-traces";
import { scriptedLabRollouts } from "./scripted-lab-rollouts";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { seedSimulatedJudges } from "./seed-simulated-judges";
import { writePlantedTasks } from "./write-planted-tasks";

/**
 * A project as it is before any training: the lab's rubric v1, its simulated judges, planted tasks
 * and the scripted agent's stored rollouts of them. What a red-team run of v1 starts from.
 */
export async function seedLabRedteamWorld(db: Db, { projectId, seed, count }: { projectId: string; seed: number; count: number }) {
  const { rubricVersionId } = await seedLabRubrics(db, { projectId });
  await seedSimulatedJudges(db, projectId);
  const { tasks, traces } = scriptedLabRollouts({ seed, count });
  await writePlantedTasks(db, { projectId, tasks });
  await storeTraces(db, { projectId, traces: traces.map((trace) => ({ trace, externalId: trace.externalId! })) });
  return { rubricVersionId };
}
