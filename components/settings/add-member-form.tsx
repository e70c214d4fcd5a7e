"use client";

import { addMemberAction } from "@/app/actions/settings-actions";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

export function AddMemberForm() {
  const [state, formProps, isPending] = useFormAction(addMemberAction, null);
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-2">
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
      <ActionError state={state} className="w-full text-sm text-red-700" />
      {state?.ok ? (
        <p role="status" className="w-full text-sm text-green-800">
          Added {state.data.email}. Someone who already had an account signs in with their own password.
        </p>
      ) : null}
    </form>
  );
}
