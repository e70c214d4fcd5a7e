"use server";

import { z } from "zod";
import { serverAction } from "@/lib/next/server-action";
import { rubricApprovalScale } from "@/lib/rubrics/rubric-approval-scale";

/** The scale of a rubric approval (environment, items, traces it scores), shown before the reviewer confirms it. */
export const previewRubricApprovalAction = serverAction({ role: "reviewer", schema: z.object({ rubricVersionId: z.string().min(1) }) }, async ({ rubricVersionId }, { db, member }) =>
  rubricApprovalScale(db, { projectId: member.projectId, rubricVersionId }),
);
