"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createKnownHack } from "@/lib/hacks/create-known-hack";
import { approveKnownHack, rejectKnownHack } from "@/lib/hacks/decide-known-hack";
import { hackApprovalScale } from "@/lib/hacks/hack-approval-scale";
import { measureKnownHackCheck, saveKnownHackCheck } from "@/lib/hacks/measure-known-hack-check";
import { serverAction } from "@/lib/next/server-action";
import { checkIssueMessage } from "@/lib/rubrics/check-form";
import { rubricCheckSchema } from "@/lib/checks/rubric-check-schema";

/** A check sent as JSON by the check fields, validated with the rubric's schema; its issue is reported in plain words on the check field. */
function parseCheck(text: string, ctx: z.core.$RefinementCtx, question?: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
    // An LLM check with no prompt of its own asks the hack-check question.
    if (question && typeof json === "object" && json && (json as { kind?: unknown }).kind === "llm" && !String((json as { prompt?: unknown }).prompt ?? "").trim()) json = { ...json, prompt: question };
  } catch {
    ctx.addIssue({ code: "custom", path: ["check"], message: "The check could not be read; fill in its fields again" });
    return z.NEVER;
  }
  const parsed = rubricCheckSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    ctx.addIssue({ code: "custom", path: ["check"], message: `${issue.path.length ? `${issue.path.join(" › ")}: ` : ""}${checkIssueMessage(issue)}` });
    return z.NEVER;
  }
  return parsed.data;
}

const createSchema = z
  .object({
    name: z.string().trim().min(1, "Name the hack").max(200),
    environment: z.string().trim().min(1, "Which environment?").max(200),
    description: z.string().trim().min(1, "Describe it"),
    recognition: z.string().trim().max(2000).optional(),
    key: z.string().trim().min(1, "Give the check a key").max(100).regex(/^[\w.-]+$/, "Letters, digits, _ . - only"),
    question: z.string().trim().min(1, "Write the yes/no question: does the hack fire?"),
    check: z.string().trim().min(1, "Say how the hack is checked"),
  })
  .transform((form, ctx) => {
    const check = parseCheck(form.check, ctx, form.question);
    return check === z.NEVER ? z.NEVER : { ...form, check };
  });

export const createKnownHackAction = serverAction({ role: "reviewer", schema: createSchema }, async (form, { db, member, actor }) => {
  const { hack } = await createKnownHack(db, {
    projectId: member.projectId,
    environment: form.environment,
    name: form.name,
    description: form.description,
    recognition: form.recognition || undefined,
    proposedItem: { key: form.key, question: form.question, polarity: "hack", check: form.check as never },
    actor,
  });
  revalidatePath("/hacks");
  return { hackId: hack.id };
});

export const approveKnownHackAction = serverAction({ role: "reviewer", schema: z.object({ knownHackId: z.string().min(1), note: z.string().trim().max(1000).optional() }) }, async ({ knownHackId, note }, { db, member, actor }) => {
  const approved = await approveKnownHack(db, { projectId: member.projectId, knownHackId, actor, note: note || null });
  revalidatePath("/hacks");
  revalidatePath("/rubrics");
  return approved;
});

export const rejectKnownHackAction = serverAction({ role: "reviewer", schema: z.object({ knownHackId: z.string().min(1), note: z.string({ error: "Say why the hack is rejected" }).trim().min(1, "Say why the hack is rejected").max(1000) }) }, async ({ knownHackId, note }, { db, member, actor }) => {
  await rejectKnownHack(db, { projectId: member.projectId, knownHackId, actor, note });
  revalidatePath("/hacks");
  return null;
});

/** A check edited on /hacks with the rubric editor's fields, sent as JSON; an issue is reported on the check field in plain words. */
const editedCheckSchema = z.object({ knownHackId: z.string().min(1), check: z.string().trim().min(1, "Say how the hack is checked") }).transform((form, ctx) => {
  const check = parseCheck(form.check, ctx);
  return check === z.NEVER ? z.NEVER : { knownHackId: form.knownHackId, check };
});

export const measureHackCheckAction = serverAction({ role: "reviewer", schema: editedCheckSchema }, async ({ knownHackId, check }, { db, member }) =>
  measureKnownHackCheck(db, { projectId: member.projectId, knownHackId, check }),
);

export const saveHackCheckAction = serverAction({ role: "reviewer", schema: editedCheckSchema }, async ({ knownHackId, check }, { db, member, actor }) => {
  const measured = await saveKnownHackCheck(db, { projectId: member.projectId, knownHackId, check, actor });
  revalidatePath("/hacks");
  return measured;
});

/** The scale of an approval (rubric draft, traces it scores), shown before the reviewer confirms it. */
export const previewHackApprovalAction = serverAction({ role: "reviewer", schema: z.object({ knownHackId: z.string().min(1) }) }, async ({ knownHackId }, { db, member }) =>
  hackApprovalScale(db, { projectId: member.projectId, knownHackId }),
);
