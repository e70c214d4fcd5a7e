import { z } from "zod";
import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { hashPassword, minPasswordLength } from "./password";
import { signInWithPassword } from "./sign-in-with-password";
import type { SignInThrottle } from "./sign-in-throttle";

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    newPassword: z.string().min(minPasswordLength, `The new password must be at least ${minPasswordLength} characters`).max(200),
  })
  .refine(({ currentPassword, newPassword }) => currentPassword !== newPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * Changes the user's own password after checking the current one (throttled like a sign-in), and
 * ends all their sessions, this one included.
 */
export async function changePassword(
  db: Db,
  {
    userId,
    input,
    address,
    throttle,
    projectId,
    actor,
  }: { userId: string; input: ChangePasswordInput; address: string; throttle: SignInThrottle; projectId?: string | null; actor: Actor },
) {
  const { currentPassword, newPassword } = changePasswordSchema.parse(input);
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const outcome = await signInWithPassword(db, { email, password: currentPassword, address, throttle });
  if (!outcome.user) {
    if (outcome.retryAfterMs) throw new AppError("rate_limited", `Too many attempts; try again in ${Math.ceil(outcome.retryAfterMs / 1000)} s`);
    throw new AppError("bad_request", "The current password is wrong", [{ field: "currentPassword" }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await recordAuditEvent(tx, { projectId, actor, action: "user.password_change", subjectType: "user", subjectId: userId });
  });
}
