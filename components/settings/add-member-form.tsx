"use client";

import { useActionState } from "react";
import { addMemberAction } from "@/app/actions/settings-actions";
import { Button } from "@/components/ui/button";

export function AddMemberForm() {
  const [state, action, isPending] = useActionState(addMemberAction, null);
  const fieldError = (name: string) => (state && !state.ok ? state.fields?.[name] : undefined);
  return (
    <form action={action} className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="block font-medium">Email</span>
        <input name="email" type="email" required className="mt-1 rounded-md border border-slate-500 px-3 py-1.5" />
      </label>
      <label className="text-sm">
        <span className="block font-medium">Initial password</span>
        <input name="password" type="password" required minLength={8} className="mt-1 rounded-md border border-slate-500 px-3 py-1.5" />
      </label>
      <label className="text-sm">
        <span className="block font-medium">Role</span>
        <select name="role" defaultValue="reviewer" className="mt-1 rounded-md border border-slate-500 px-2 py-1.5">
          <option value="viewer">viewer</option>
          <option value="reviewer">reviewer</option>
          <option value="admin">admin</option>
        </select>
      </label>
      <Button type="submit" disabled={isPending}>
        Add member
      </Button>
      {state && !state.ok ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {fieldError("email") ?? fieldError("password") ?? state.error}
        </p>
      ) : null}
      {state?.ok ? (
        <p role="status" className="w-full text-sm text-green-800">
          Added {state.data.email}. Someone who already had an account signs in with their own password.
        </p>
      ) : null}
    </form>
  );
}
