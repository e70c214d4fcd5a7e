"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { switchProjectAction } from "@/app/actions/account-actions";
import { ActionError } from "@/components/ui/action-error";

/** Lists the user's projects; choosing one reloads the app in it. */
export function ProjectSwitcher({ current, projects }: { current: string; projects: { slug: string; name: string }[] }) {
  const [state, action, isPending] = useActionState(switchProjectAction, null);
  const router = useRouter();
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  if (projects.length < 2) return <div className="text-xs text-slate-500">project: {current}</div>;
  return (
    <form action={action}>
      <label className="text-xs text-slate-500">
        project
        <select
          name="slug"
          defaultValue={current}
          disabled={isPending}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="mt-1 block w-full rounded-md border border-slate-500 px-2 py-1 text-sm text-slate-800"
        >
          {projects.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name} ({p.slug})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={isPending} className="mt-1 text-xs text-indigo-700 underline">
        Open project
      </button>
      <ActionError state={state} className="text-xs text-red-700" />
    </form>
  );
}
