"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { startLabRun } from "@/lib/lab/start-lab-run";
import { serverAction } from "@/lib/next/server-action";
import { findReplacedRun } from "@/lib/runs/find-replaced-run";

const runLabSchema = z.object({
  steps: z.coerce.number().int("Whole steps only").min(1, "At least 1 step").max(2000, "At most 2000 steps"),
  seed: z.coerce.number().int("A whole number").min(0, "0 or more").max(2 ** 31 - 1),
  rubric: z.string().trim().max(100).optional(),
});

/**
 * /runs "Run lab" and /rubrics/[id] "Train the lab on this version": queues a lab run on the chosen
 * (default: latest approved) rubric version; a worker trains it. Answers the run it replaces, to compare.
 */
export const runLabAction = serverAction({ role: "reviewer", schema: runLabSchema }, async ({ steps, seed, rubric }, { db, member, actor }) => {
  await seedLabRubrics(db, { projectId: member.projectId, actor });
  const { run } = await startLabRun(db, { projectId: member.projectId, rubric: rubric || undefined, config: { steps, seed }, actor });
  const replaces = await findReplacedRun(db, { projectId: member.projectId, runId: run.id });
  revalidatePath("/runs");
  return { runId: run.id, name: run.name, replacesRunId: replaces?.id ?? null };
});
