import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { createUserSchema, type CreateUserInput } from "./create-user";

/**
 * Adds a member to the project: a new user with the initial password, or an existing user (of
 * another project) with their own password unchanged. The answer is the same either way, and the
 * password is hashed either way, so it tells nobody whether the email exists elsewhere.
 */
export async function addMember(db: Db, { projectId, actor, input }: { projectId: string; actor: Actor; input: CreateUserInput }) {
  const { email, password, name, role } = createUserSchema.parse(input);
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email } });
    if (existing && (await tx.member.findUnique({ where: { projectId_userId: { projectId, userId: existing.id } } }))) {
      throw new AppError("conflict", `${email} is already a member of this project`, [{ field: "email" }]);
    }
    const user = existing ?? (await tx.user.create({ data: { email, passwordHash, name: name ?? null } }));
    await tx.member.create({ data: { projectId, userId: user.id, role } });
    await recordAuditEvent(tx, { projectId, actor, action: "member.add", subjectType: "user", subjectId: user.id, details: { email, role } });
  });
  return { email, role };
}
