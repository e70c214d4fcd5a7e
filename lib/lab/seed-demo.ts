import type { Db } from "../db/client";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { seedSimulatedJudges } from "./seed-simulated-judges";
import { startLabRun } from "./start-lab-run";

/**
 * First start: a project without any training run gets the lab's rubrics, its simulated judges and one queued lab run on
 * rubric v1, which the worker then trains, so a new user lands on a real run with a real hack in it.
 */
export async function seedDemo(db: Db, projectId: string): Promise<{ runId: string } | null> {
  // Any run, lab or not, means the project is in use: the demo is not forced on it.
  if ((await db.trainingRun.count({ where: { projectId } })) > 0) return null;
  await seedLabRubrics(db, { projectId });
  await seedSimulatedJudges(db, projectId);
  const { run } = await startLabRun(db, { projectId, rubric: "1" });
  return { runId: run.id };
}
