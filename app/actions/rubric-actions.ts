"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { serverAction } from "@/lib/next/server-action";
import { approveRubricVersion } from "@/lib/rubrics/approve-rubric-version";
import { acceptRubricCandidate, dropRubricCandidate } from "@/lib/rubrics/decide-rubric-candidate";
import { deleteDraftItem, moveDraftItem, saveDraftItem, setRubricHackMode } from "@/lib/rubrics/edit-draft-items";
import { startRubricExtraction } from "@/lib/rubrics/extract-rubric-job";
import { startRubricDraft } from "@/lib/rubrics/find-or-create-draft";
import { tryRubricOnSample } from "@/lib/rubrics/try-rubric-on-sample";
import { checkKindSchema } from "@/lib/rubrics/rubric-check-schema";

const id = z.string().min(1);

/** The check's parameters arrive as JSON text beside its kind; an llm check defaults its prompt to the question. */
const itemFormSchema = z
  .object({
    rubricVersionId: id,
    itemId: z.string().optional(),
    key: z.string().trim().min(1, "Give the item a key").max(100).regex(/^[\w.-]+$/, "Letters, digits, _ . - only"),
    question: z.string().trim().min(1, "Write the yes/no question"),
    polarity: z.enum(["good", "hack"]),
    weight: z.coerce.number().finite().nonnegative("0 or more"),
    checkKind: checkKindSchema,
    checkParams: z.string().default(""),
  })
  .transform((form, ctx) => {
    let params: Record<string, unknown> = {};
    try {
      params = form.checkParams.trim() ? (JSON.parse(form.checkParams) as Record<string, unknown>) : {};
    } catch {
      ctx.addIssue({ code: "custom", path: ["checkParams"], message: "Not valid JSON" });
      return z.NEVER;
    }
    const check = form.checkKind === "llm" ? { prompt: form.question, ...params, kind: "llm" } : { ...params, kind: form.checkKind };
    return { ...form, check };
  });

export const saveRubricItemAction = serverAction({ role: "reviewer", schema: itemFormSchema }, async (form, { db, member }) => {
  const item = await saveDraftItem(db, {
    projectId: member.projectId,
    rubricVersionId: form.rubricVersionId,
    itemId: form.itemId || undefined,
    item: { key: form.key, question: form.question, polarity: form.polarity, weight: form.weight, check: form.check as never },
    provenance: form.itemId ? undefined : { source: "editor" },
  });
  revalidatePath(`/rubrics/${form.rubricVersionId}`);
  return { itemId: item.id };
});

export const deleteRubricItemAction = serverAction({ role: "reviewer", schema: z.object({ rubricVersionId: id, itemId: id }) }, async (input, { db, member }) => {
  await deleteDraftItem(db, { projectId: member.projectId, ...input });
  revalidatePath(`/rubrics/${input.rubricVersionId}`);
  return null;
});

export const moveRubricItemAction = serverAction(
  { role: "reviewer", schema: z.object({ rubricVersionId: id, itemId: id, direction: z.enum(["up", "down"]) }) },
  async (input, { db, member }) => {
    await moveDraftItem(db, { projectId: member.projectId, ...input });
    revalidatePath(`/rubrics/${input.rubricVersionId}`);
    return null;
  },
);

export const setHackModeAction = serverAction({ role: "reviewer", schema: z.object({ rubricVersionId: id, hackMode: z.enum(["zero", "subtract"]) }) }, async (input, { db, member }) => {
  await setRubricHackMode(db, { projectId: member.projectId, ...input });
  revalidatePath(`/rubrics/${input.rubricVersionId}`);
  return null;
});

export const approveRubricVersionAction = serverAction(
  { role: "reviewer", schema: z.object({ rubricVersionId: id, note: z.string().trim().max(500).optional() }) },
  async ({ rubricVersionId, note }, { db, member, actor }) => {
    await approveRubricVersion(db, { projectId: member.projectId, rubricVersionId, actor, note: note || undefined });
    revalidatePath("/rubrics");
    revalidatePath(`/rubrics/${rubricVersionId}`);
    return null;
  },
);

export const startRubricDraftAction = serverAction({ role: "reviewer", schema: z.object({ environment: z.string().trim().min(1, "Name the environment").max(200) }) }, async ({ environment }, { db, member, actor }) => {
  const { draft } = await startRubricDraft(db, { projectId: member.projectId, environment, actor });
  revalidatePath("/rubrics");
  return { rubricVersionId: draft.id };
});

export const startExtractionAction = serverAction({ role: "reviewer", schema: z.object({ environment: z.string().min(1) }) }, async ({ environment }, { db, member }) => {
  const { job } = await startRubricExtraction(db, { projectId: member.projectId, environment });
  return { jobId: job.id };
});

export const acceptCandidateAction = serverAction(
  { role: "reviewer", schema: z.object({ candidateId: id, question: z.string().trim().max(1000).optional(), polarity: z.enum(["good", "hack"]).optional() }) },
  async ({ candidateId, question, polarity }, { db, member, actor }) => {
    const accepted = await acceptRubricCandidate(db, { projectId: member.projectId, candidateId, actor, edits: { question: question || undefined, polarity } });
    revalidatePath(`/rubrics/${accepted.rubricVersionId}`);
    return accepted;
  },
);

export const dropCandidateAction = serverAction({ role: "reviewer", schema: z.object({ candidateId: id, rubricVersionId: id }) }, async ({ candidateId, rubricVersionId }, { db, member, actor }) => {
  await dropRubricCandidate(db, { projectId: member.projectId, candidateId, actor });
  revalidatePath(`/rubrics/${rubricVersionId}`);
  return null;
});

/** Reviewers only: an llm item makes paid calls to the project's judge for every sampled trace. */
export const tryOnSampleAction = serverAction({ role: "reviewer", schema: z.object({ rubricVersionId: id }) }, async ({ rubricVersionId }, { db, member }) =>
  tryRubricOnSample(db, { projectId: member.projectId, rubricVersionId }),
);
