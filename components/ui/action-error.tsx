import type { ActionResult } from "@/lib/next/server-action";

/** A server action's refusal, announced to screen readers: what is wrong with each field, or the error. */
export function ActionError({ state, className = "text-sm text-red-700", inline = false }: { state: ActionResult<unknown> | null; className?: string; inline?: boolean }) {
  if (!state || state.ok) return null;
  const message = state.fields && Object.keys(state.fields).length > 0 ? Object.values(state.fields).join("; ") : state.error;
  const Tag = inline ? "span" : "p";
  return (
    <Tag role="alert" className={className}>
      {message}
    </Tag>
  );
}
