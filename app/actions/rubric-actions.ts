"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { serverAction } from "@/lib/next/server-action";
import { approveRubricVersion } from "@/lib/rubrics/approve-rubric-version";
import { acceptRubricCandidate, dropRubricCandidate } from "@/lib/rubrics/decide-rubric-candidate";
import { deleteDraftItem, reorderDraftItems, saveDraftItem, setRubricHackMode } from "@/lib/rubrics/edit-draft-items";
import { startRubricExtraction } from "@/lib/rubrics/extract-rubric-job";
import { startDraftFromVersion, startRubricDraft } from "@/lib/rubrics/find-or-create-draft";
import { tryRubricOnSample } from "@/lib/rubrics/try-rubric-on-sample";
import { checkIssueMessage } from "@/lib/rubrics/check-form";
import { rubricCheckSchema } from "@/lib/checks/rubric-check-schema";

const id = z.string().min(1);

/**
 * The check arrives as the JSON the editor's fields make; its issues are reported under `check.`
 * plus the path the schema names, which the editor shows at that field. An llm check without a
 * prompt asks the question itself.
 */
const itemFormSchema = z
  .object({
    rubricVersionId: id,
    itemId: z.string().optional(),
    key: z.string().trim().min(1, "Give the item a key").max(100).regex(/^[\w.-]+$/, "Letters, digits, _ . - only"),
    question: z.string().trim().min(1, "Write the yes/no question"),
    polarity: z.enum(["good", "hack"]),
    weight: z.coerce.number().finite().nonnegative("0 or more"),
    check: z.string().min(1, "Choose how the item is checked"),
  })
  .transform((form, ctx) => {
    let raw: unknown;
    try {
      raw = JSON.parse(form.check);
    } catch {
      ctx.addIssue({ code: "custom", path: ["check"], message: "Not valid JSON" });
      return z.NEVER;
    }
    const withPrompt = isRecord(raw) && raw.kind === "llm" && !raw.prompt ? { ...raw, prompt: form.question } : raw;
    const check = rubricCheckSchema.safeParse(withPrompt);
    if (!check.success) {
      for (const issue of check.error.issues) ctx.addIssue({ code: "custom", path: ["check", ...issue.path], message: checkIssueMessage(issue) });
      return z.NEVER;
    }
    return { ...form, check: check.data };
  });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export const saveRubricItemAction = serverAction({ role: "reviewer", schema: itemFormSchema }, async (form, { db, member }) => {
  const item = await saveDraftItem(db, {
    projectId: member.projectId,
    rubricVersionId: form.rubricVersionId,
    itemId: form.itemId || undefined,
    item: { key: form.key, question: form.question, polarity: form.polarity, weight: form.weight, check: form.check },
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

/** The whole order as the reviewer sees it after a drag or a key press; the server checks it names every item once. */
export const reorderRubricItemsAction = serverAction(
  { role: "reviewer", schema: z.object({ rubricVersionId: id, itemIds: z.string().transform((ids) => ids.split(",")).pipe(z.array(id)) }) },
  async (input, { db, member }) => {
    await reorderDraftItems(db, { projectId: member.projectId, ...input });
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
  const { draft, isNew } = await startRubricDraft(db, { projectId: member.projectId, environment, actor });
  revalidatePath("/rubrics");
  return { rubricVersionId: draft.id, isNew };
});

/** "New draft from this version": the draft copied from it, or the rubric's open draft (isNew false, which the page says). */
export const startDraftFromVersionAction = serverAction({ role: "reviewer", schema: z.object({ rubricVersionId: id }) }, async ({ rubricVersionId }, { db, member, actor }) => {
  const { draft, isNew } = await startDraftFromVersion(db, { projectId: member.projectId, rubricVersionId, actor });
  revalidatePath("/rubrics");
  return { rubricVersionId: draft.id, isNew };
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
