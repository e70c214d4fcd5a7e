import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { authenticateUser, type AuthenticatedUser } from "./authenticate-user";
import type { SignInThrottle } from "./sign-in-throttle";
import { normalizeEmail } from "./normalize-email";

export type SignInOutcome = { user: AuthenticatedUser | null; retryAfterMs?: number };

/**
 * Every password check goes through here: the throttle first (a throttled attempt runs no bcrypt),
 * then the check, and one log line for each refusal. The log names the account by a hash of the
 * email, never by text the client sent.
 */
export async function signInWithPassword(
  db: Db,
  {
    email,
    password,
    address,
    throttle,
    log = console.warn,
  }: { email: string; password: string; address: string; throttle: SignInThrottle; log?: (line: string) => void },
): Promise<SignInOutcome> {
  const account = normalizeEmail(email);
  const keys = { account, address };
  const accountTag = createHash("sha256").update(account).digest("hex").slice(0, 12);
  const decision = throttle.begin(keys);
  if (!decision.isAllowed) {
    log(`[auth] sign-in throttled: account ${accountTag}, address ${address}, by ${decision.by}, retry in ${Math.ceil(decision.retryAfterMs / 1000)} s`);
    return { user: null, retryAfterMs: decision.retryAfterMs };
  }
  const user = await authenticateUser(db, account, password);
  if (!user) {
    throttle.failed(keys);
    log(`[auth] sign-in failed: account ${accountTag}, address ${address}`);
    return { user: null };
  }
  throttle.succeeded(keys);
  return { user };
}
