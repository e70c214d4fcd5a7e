"use client";

import { createApiKeyAction } from "@/app/actions/settings-actions";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/next/server-action";
import { useFormAction } from "@/components/ui/use-form-action";

export function CreateApiKeyForm() {
  const [state, formProps, isPending] = useFormAction<ActionResult<{ key: string; name: string }> | null>(createApiKeyAction, null);
  return (
    <div>
      <form {...formProps} className="flex items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium">Key name</span>
          <input name="name" required maxLength={100} placeholder="e.g. trainer-prod" className="mt-1 rounded-md border border-slate-500 px-3 py-1.5" />
        </label>
        <Button type="submit" disabled={isPending}>
          Create API key
        </Button>
      </form>
      {state && !state.ok ? <p role="alert" className="mt-2 text-sm text-red-700">{state.fields?.name ?? state.error}</p> : null}
      {state?.ok ? (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium">Key &quot;{state.data.name}&quot; created. Copy it now: it is not shown again.</p>
          <code data-testid="new-api-key" className="mt-2 block break-all font-mono text-xs">
            {state.data.key}
          </code>
        </div>
      ) : null}
    </div>
  );
}
