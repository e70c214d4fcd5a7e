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
    // On a narrow screen the sidebar becomes a bar above the page, its links in a wrapping row, so the page keeps the width.
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="flex shrink-0 flex-col border-b border-slate-200 bg-white p-4 md:w-56 md:border-r md:border-b-0">
        <div className="mb-3 px-3 md:mb-6">
          <div className="text-lg font-semibold tracking-tight">Goodhart</div>
          <ProjectSwitcher current={member.projectSlug} projects={projects} />
        </div>
        <MainNav />
        <div className="mt-3 border-t border-slate-200 px-3 pt-3 text-xs text-slate-600 md:mt-auto md:pt-4">
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
      <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
    </div>
  );
}
