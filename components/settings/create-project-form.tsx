"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { createProjectAction } from "@/app/actions/account-actions";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/action-error";
import { useFormAction } from "@/components/ui/use-form-action";

/** Creates a project with the signed-in admin as its admin, then opens it. */
export function CreateProjectForm() {
  const [state, formProps, isPending] = useFormAction(createProjectAction, null);
  const router = useRouter();
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="block font-medium">Project slug</span>
        <input
          name="slug"
          required
          pattern="[a-z0-9][a-z0-9\-]{1,48}[a-z0-9]"
          placeholder="e.g. support-agent"
          className="mt-1 rounded-md border border-slate-500 px-3 py-1.5"
        />
      </label>
      <label className="text-sm">
        <span className="block font-medium">Project name</span>
        <input name="name" required maxLength={200} className="mt-1 rounded-md border border-slate-500 px-3 py-1.5" />
      </label>
      <Button type="submit" disabled={isPending}>
        Create project
      </Button>
      <ActionError state={state} className="w-full text-sm text-red-700" />
      {state?.ok ? (
        <p role="status" className="w-full text-sm text-green-800">
          Created {state.data.slug}; you are its admin.
        </p>
      ) : null}
    </form>
  );
}
