import { z } from "zod";
import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import { hashPassword, minPasswordLength } from "../auth/password";
import { roleSchema } from "../auth/roles";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { normalizeEmail } from "../auth/normalize-email";

export const createUserSchema = z.object({
  email: z.string().transform(normalizeEmail).pipe(z.email()),
  password: z.string().min(minPasswordLength, `password must be at least ${minPasswordLength} characters`),
  name: z.string().trim().max(200).optional(),
  role: roleSchema,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/**
 * Creates a user with a role in the project. An existing email is an error unless `updateExisting`
 * is set, in which case the password and role are reset and the user's sessions end (used by the CLI
 * to recover an admin).
 */
export async function createUser(
  db: Db,
  { projectId, actor, input, updateExisting = false }: { projectId: string; actor: Actor; input: CreateUserInput; updateExisting?: boolean },
) {
  const { email, password, name, role } = createUserSchema.parse(input);
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email } });
    if (existing && !updateExisting) {
      throw new AppError("conflict", `A user with email ${email} already exists`, [{ field: "email" }]);
    }
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: { passwordHash, name: name ?? existing.name, sessionVersion: { increment: 1 } } })
      : await tx.user.create({ data: { email, passwordHash, name: name ?? null } });
    await tx.member.upsert({
      where: { projectId_userId: { projectId, userId: user.id } },
      create: { projectId, userId: user.id, role },
      update: { role },
    });
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: existing ? "user.reset" : "user.create",
      subjectType: "user",
      subjectId: user.id,
      details: { email, role },
    });
    return { id: user.id, email, role, isNew: !existing };
  });
}
