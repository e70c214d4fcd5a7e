import type { ReactNode } from "react";
import { logout } from "@/app/actions/auth-actions";
import { MainNav } from "@/components/layout/main-nav";
import { ProjectSwitcher } from "@/components/layout/project-switcher";
import { requireMember } from "@/lib/next/page-context";
import { listUserProjects } from "@/lib/projects/list-user-projects";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { db, member } = await requireMember();
  const projects = await listUserProjects(db, member.userId);
  return (
    <div className="flex min-h-screen">
      <aside className="flex w-56 shrink-0 flex-col border-r border-slate-200 bg-white p-4">
        <div className="mb-6 px-3">
          <div className="text-lg font-semibold tracking-tight">Goodhart</div>
          <ProjectSwitcher current={member.projectSlug} projects={projects} />
        </div>
        <MainNav />
        <div className="mt-auto border-t border-slate-200 px-3 pt-4 text-xs text-slate-600">
          <div className="truncate" title={member.email}>
            {member.email}
          </div>
          <div className="mb-2">role: {member.role}</div>
          <form action={logout}>
            <button type="submit" className="text-indigo-700 underline" title="Ends your sessions on every device">
              Sign out
            </button>
          </form>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-8">{children}</main>
    </div>
  );
}
