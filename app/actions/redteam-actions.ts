"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { serverAction } from "@/lib/next/server-action";
import { startRedteam } from "@/lib/redteam/redteam-job";
import { redteamRequestSchema } from "@/lib/redteam/redteam-schemas";

/** Starts a red-team run of a rubric version from its page; the worker runs it and the page shows its report. */
export const startRedteamAction = serverAction(
  { role: "reviewer", schema: z.object({ rubricVersionId: z.string().min(1), rollouts: z.coerce.number().int().min(2).max(500).default(40) }) },
  async ({ rubricVersionId, rollouts }, { db, member }) => {
    const job = await startRedteam(db, { projectId: member.projectId, request: redteamRequestSchema.parse({ rubricVersionId, rollouts }) });
    revalidatePath(`/rubrics/${rubricVersionId}`);
    return { jobId: job.id };
  },
);
