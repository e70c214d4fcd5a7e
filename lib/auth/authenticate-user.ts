import type { Db } from "../db/client";
import { verifyPassword } from "./password";
import { normalizeEmail } from "./normalize-email";

// A real hash of a random string, compared against when the email is unknown, so that the response
// time does not tell whether an account exists.
const decoyHash = "$2b$12$C6UzMDM.H6dfI/f/IKcEeO6Qm9eGM0QPGqJ4Ag8d1S6a1NuYdI7vW";

export type AuthenticatedUser = { id: string; email: string; name: string | null; sessionVersion: number };

/** The user when the password is theirs and the account is not disabled; null otherwise. */
export async function authenticateUser(db: Db, email: string, password: string): Promise<AuthenticatedUser | null> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) } });
  const isValid = await verifyPassword(password, user?.passwordHash ?? decoyHash);
  if (!user || !isValid || user.disabledAt) return null;
  return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}
