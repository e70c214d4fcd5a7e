import "server-only";
import NextAuth, { CredentialsSignin, type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { clientAddress } from "../auth/client-address";
import { normalizeEmail } from "../auth/normalize-email";
import { signOutSession } from "../auth/end-sessions";
import { isSessionCurrent } from "../auth/session-version";
import { signInThrottle } from "../auth/sign-in-throttle";
import { signInWithPassword } from "../auth/sign-in-with-password";
import { getDb } from "../db/client";
import { ensureAuthSecret } from "../setup/auth-secret";

// Module augmentation needs an interface: it merges with next-auth's own declaration.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module "next-auth" {
  interface Session {
    user: { id: string } & DefaultSession["user"];
  }
  interface User {
    sessionVersion?: number;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

// Normalised before it is checked, so " Admin@X.test" and "admin@x.test" count against one account.
const credentialsSchema = z.object({ email: z.string().transform(normalizeEmail).pipe(z.email()), password: z.string().min(1) });

/** Refused because of too many attempts; the sign-in form says so (error code "throttled"). */
export class SignInThrottled extends CredentialsSignin {
  override code = "throttled";
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  secret: ensureAuthSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const outcome = await signInWithPassword(getDb(), { ...parsed.data, address: clientAddress(request.headers), throttle: signInThrottle() });
        if (outcome.retryAfterMs) throw new SignInThrottled();
        return outcome.user;
      },
    }),
  ],
  callbacks: {
    // Runs on sign-in and on every request that reads the session: a session whose version is no
    // longer the user's (sign-out, password change, removal, disabled) is ended here.
    async jwt({ token, user }) {
      if (user?.id) return { ...token, sub: user.id, sv: user.sessionVersion };
      return (await isSessionCurrent(getDb(), token)) ? token : null;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
  events: {
    async signOut(message) {
      if ("token" in message && message.token) await signOutSession(getDb(), message.token);
    },
  },
  logger: {
    // signInWithPassword already logged the refusal in one line; the rest keep their stack.
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error(error);
    },
  },
});
