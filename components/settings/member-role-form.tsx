"use client";

import { useActionState } from "react";
import { setMemberRoleAction } from "@/app/actions/settings-actions";
import { Button } from "@/components/ui/button";

export function MemberRoleForm({ userId, email, role }: { userId: string; email: string; role: string }) {
  const [state, action, isPending] = useActionState(setMemberRoleAction, null);
  return (
    <form action={action} className="inline-flex items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <select name="role" defaultValue={role} aria-label={`Role of ${email}`} className="rounded-md border border-slate-500 px-2 py-1 text-sm">
        <option value="viewer">viewer</option>
        <option value="reviewer">reviewer</option>
        <option value="admin">admin</option>
      </select>
      <Button type="submit" variant="secondary" disabled={isPending} aria-label={`Save role of ${email}`}>
        Save
      </Button>
      {state && !state.ok ? <span role="alert" className="text-xs text-red-700">{state.error}</span> : null}
    </form>
  );
}
