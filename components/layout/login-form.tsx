"use client";

import { useActionState } from "react";
import { login, type LoginState } from "@/app/actions/auth-actions";
import { Button } from "@/components/ui/button";

/** returnPath: where sign-in lands (already checked by safeReturnPath; the action checks it again). */
export function LoginForm({ returnPath }: { returnPath: string }) {
  const [state, action, isPending] = useActionState<LoginState, FormData>(login, null);
  return (
    <form action={action} className="mt-6 space-y-4">
      <input type="hidden" name="next" value={returnPath} />
      <label className="block text-sm">
        <span className="font-medium">Email</span>
        <input name="email" type="email" required autoComplete="username" defaultValue={state?.email} className="mt-1 w-full rounded-md border border-slate-500 px-3 py-2" />
      </label>
      <label className="block text-sm">
        <span className="font-medium">Password</span>
        <input name="password" type="password" required autoComplete="current-password" className="mt-1 w-full rounded-md border border-slate-500 px-3 py-2" />
      </label>
      {state?.error ? (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" disabled={isPending} className="w-full">
        {isPending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
