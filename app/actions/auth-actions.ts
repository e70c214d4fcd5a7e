"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { safeReturnPath } from "@/lib/auth/safe-return-path";
import { signIn, signOut } from "@/lib/next/auth";

export type LoginState = { error: string; email: string } | null;

export async function login(_previous: LoginState, formData: FormData): Promise<LoginState> {
  const email = String(formData.get("email") ?? "");
  try {
    await signIn("credentials", {
      email,
      password: String(formData.get("password") ?? ""),
      // The form's field is the client's to change: checked again here, not trusted.
      redirectTo: safeReturnPath(formData.get("next")),
    });
    return null;
  } catch (error) {
    // signIn redirects by throwing; only an AuthError means the credentials were refused.
    if (error instanceof CredentialsSignin && error.code === "throttled") return { error: "Too many sign-in attempts; wait a little and try again", email };
    if (error instanceof AuthError) return { error: "Wrong email or password", email };
    throw error;
  }
}

/** Ends the user's sessions everywhere (the session version moves on), then goes to /login. */
export async function logout() {
  await signOut({ redirectTo: "/login" });
}
