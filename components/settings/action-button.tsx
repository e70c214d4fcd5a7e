"use client";

import { useActionState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/next/server-action";

/** A one-button form for a server action, with hidden fields and the action's error beside it. */
export function ActionButton<T>({ action, fields, children, variant = "secondary", label }: {
  action: (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>;
  fields: Record<string, string>;
  children: ReactNode;
  variant?: "secondary" | "danger";
  label?: string;
}) {
  const [state, formAction, isPending] = useActionState<ActionResult<T> | null, FormData>(action, null);
  return (
    <form action={formAction} className="inline-flex items-center gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} disabled={isPending} aria-label={label}>
        {children}
      </Button>
      {state && !state.ok ? <span role="alert" className="text-xs text-red-700">{state.error}</span> : null}
    </form>
  );
}
