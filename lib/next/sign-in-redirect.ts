import { headers } from "next/headers";
import { defaultReturnPath, returnPathHeader, safeReturnPath } from "../auth/safe-return-path";

/** /login with the page the anonymous visitor asked for as ?next=, so sign-in returns there. */
export async function signInRedirect(): Promise<string> {
  const next = safeReturnPath((await headers()).get(returnPathHeader));
  return next === defaultReturnPath ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}
