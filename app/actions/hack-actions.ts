"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createKnownHack } from "@/lib/hacks/create-known-hack";
import { approveKnownHack, rejectKnownHack } from "@/lib/hacks/decide-known-hack";
import { serverAction } from "@/lib/next/server-action";
import { checkKindSchema } from "@/lib/rubrics/rubric-check-schema";

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

export const rejectKnownHackAction = serverAction({ role: "reviewer", schema: z.object({ knownHackId: z.string().min(1), note: z.string().trim().max(1000) }) }, async ({ knownHackId, note }, { db, member, actor }) => {
  await rejectKnownHack(db, { projectId: member.projectId, knownHackId, actor, note });
  revalidatePath("/hacks");
  return null;
});
