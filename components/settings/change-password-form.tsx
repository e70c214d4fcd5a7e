"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { changePasswordAction } from "@/app/actions/account-actions";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

/** Current + new password; on success every session ends, this one too, and /login follows. */
export function ChangePasswordForm() {
  const [state, formProps, isPending] = useFormAction(changePasswordAction, null);
  const router = useRouter();
  useEffect(() => {
    if (state?.ok) router.push("/login");
  }, [state, router]);
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="block font-medium">Current password</span>
        <input
          name="currentPassword"
          type="password"
          required
          autoComplete="current-password"
          className="mt-1 rounded-md border border-slate-500 px-3 py-1.5"
        />
      </label>
      <label className="text-sm">
        <span className="block font-medium">New password</span>
        <input
          name="newPassword"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          className="mt-1 rounded-md border border-slate-500 px-3 py-1.5"
        />
      </label>
      <Button type="submit" disabled={isPending}>
        Change password
      </Button>
      <ActionError state={state} className="w-full text-sm text-red-700" />
      {state?.ok ? (
        <p role="status" className="w-full text-sm text-green-800">
          Password changed. Sign in again with the new one.
        </p>
      ) : null}
    </form>
  );
}
