"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { endAllSessionsAction } from "@/app/actions/account-actions";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/action-error";

export function EndSessionsForm() {
  const [state, action, isPending] = useActionState(endAllSessionsAction, null);
  const router = useRouter();
  useEffect(() => {
    if (state?.ok) router.push("/login");
  }, [state, router]);
  return (
    <form action={action} className="flex items-center gap-2">
      <Button type="submit" variant="danger" disabled={isPending}>
        End all my sessions
      </Button>
      <ActionError state={state} inline />
    </form>
  );
}
