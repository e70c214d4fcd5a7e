"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { changePassword, changePasswordSchema } from "@/lib/auth/change-password";
import { clientAddress } from "@/lib/auth/client-address";
import { endAllSessions } from "@/lib/auth/end-sessions";
import { signInThrottle } from "@/lib/auth/sign-in-throttle";
import { findMembership } from "@/lib/members/find-membership";
import { signOut } from "@/lib/next/auth";
import { chooseProject } from "@/lib/next/current-project";
import { serverAction } from "@/lib/next/server-action";
import { notFound } from "@/lib/errors/app-error";
import { createProject, createProjectSchema } from "@/lib/projects/create-project";

// Actions on one's own account: every member may use them, each acts only on the signed-in user.

/** Checks the current password (throttled like a sign-in), sets the new one, ends every session. */
export const changePasswordAction = serverAction({ role: "viewer", schema: changePasswordSchema }, async (input, { db, member, actor }) => {
  const address = clientAddress(await headers());
  await changePassword(db, { userId: member.userId, input, address, throttle: signInThrottle(), projectId: member.projectId, actor });
  await signOut({ redirect: false });
  return null;
});

export const endAllSessionsAction = serverAction({ role: "viewer", schema: z.object({}) }, async (_input, { db, member, actor }) => {
  await endAllSessions(db, { userId: member.userId, projectId: member.projectId, actor });
  await signOut({ redirect: false });
  return null;
});

/** The project switcher: only a project the user is a member of. */
export const switchProjectAction = serverAction(
  { role: "viewer", schema: z.object({ slug: z.string().min(1).max(100) }) },
  async ({ slug }, { db, member }) => {
    const target = await findMembership(db, { userId: member.userId, projectSlug: slug });
    if (!target) throw notFound("Project");
    await chooseProject(target.projectSlug);
    return { slug: target.projectSlug };
  },
);

/** An admin (of the current project) creates a project and becomes its first admin; the app switches to it. */
export const createProjectAction = serverAction({ role: "admin", schema: createProjectSchema }, async (input, { db, member, actor }) => {
  const project = await createProject(db, { input, adminUserId: member.userId, actor });
  await chooseProject(project.slug);
  return { slug: project.slug, name: project.name };
});
