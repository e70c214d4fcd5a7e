"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createKnownHack } from "@/lib/hacks/create-known-hack";
import { approveKnownHack, rejectKnownHack } from "@/lib/hacks/decide-known-hack";
import { hackApprovalScale } from "@/lib/hacks/hack-approval-scale";
import { measureKnownHackCheck, saveKnownHackCheck } from "@/lib/hacks/measure-known-hack-check";
import { serverAction } from "@/lib/next/server-action";
import { checkKindSchema, rubricCheckSchema } from "@/lib/rubrics/rubric-check-schema";

const createSchema = z
  .object({
    name: z.string().trim().min(1, "Name the hack").max(200),
    environment: z.string().trim().min(1, "Which environment?").max(200),
    description: z.string().trim().min(1, "Describe it"),
    recognition: z.string().trim().max(2000).optional(),
    key: z.string().trim().min(1, "Give the check a key").max(100).regex(/^[\w.-]+$/, "Letters, digits, _ . - only"),
    question: z.string().trim().min(1, "Write the yes/no question: does the hack fire?"),
    checkKind: checkKindSchema,
    checkParams: z.string().default(""),
  })
  .transform((form, ctx) => {
    try {
      const params = form.checkParams.trim() ? (JSON.parse(form.checkParams) as Record<string, unknown>) : {};
      const check = form.checkKind === "llm" ? { prompt: form.question, ...params, kind: "llm" } : { ...params, kind: form.checkKind };
      return { ...form, check };
    } catch {
      ctx.addIssue({ code: "custom", path: ["checkParams"], message: "Not valid JSON" });
      return z.NEVER;
    }
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

/** A check edited as JSON on /hacks; a parse or schema error is reported on the check field with its path. */
const editedCheckSchema = z.object({ knownHackId: z.string().min(1), check: z.string().trim().min(1, "Write the check as JSON") }).transform((form, ctx) => {
  let json: unknown;
  try {
    json = JSON.parse(form.check);
  } catch (error) {
    ctx.addIssue({ code: "custom", path: ["check"], message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    return z.NEVER;
  }
  const parsed = rubricCheckSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    ctx.addIssue({ code: "custom", path: ["check"], message: `${issue.path.length ? `at ${issue.path.join(".")}: ` : ""}${issue.message}` });
    return z.NEVER;
  }
  return { knownHackId: form.knownHackId, check: parsed.data };
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
