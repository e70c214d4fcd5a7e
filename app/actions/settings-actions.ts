"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { userAuthority } from "@/lib/accounts/account-authority";
import { endAccountSessions } from "@/lib/accounts/end-account-sessions";
import { setAccountDisabled } from "@/lib/accounts/set-account-disabled";
import { setInstanceAdmin } from "@/lib/accounts/set-instance-admin";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { roleSchema } from "@/lib/auth/roles";
import { addMember } from "@/lib/members/add-member";
import { createUserSchema } from "@/lib/members/create-user";
import { removeMember } from "@/lib/members/remove-member";
import { setMemberRole } from "@/lib/members/set-member-role";
import { serverAction } from "@/lib/next/server-action";

export const createApiKeyAction = serverAction(
  { role: "admin", schema: z.object({ name: z.string().trim().min(1, "Give the key a name").max(100) }) },
  async ({ name }, { db, member, actor }) => {
    const created = await createApiKey(db, { projectId: member.projectId, name, actor });
    revalidatePath("/settings");
    return { key: created.key, name: created.name };
  },
);

export const revokeApiKeyAction = serverAction({ role: "admin", schema: z.object({ apiKeyId: z.string().min(1) }) }, async ({ apiKeyId }, { db, member, actor }) => {
  await revokeApiKey(db, { projectId: member.projectId, apiKeyId, actor });
  revalidatePath("/settings");
  return null;
});

export const setMemberRoleAction = serverAction(
  { role: "admin", schema: z.object({ userId: z.string().min(1), role: roleSchema }) },
  async ({ userId, role }, { db, member, actor }) => {
    await setMemberRole(db, { projectId: member.projectId, userId, role, actor });
    revalidatePath("/settings");
    return null;
  },
);

/** Adds a new user, or an existing user of another project; the answer does not say which. */
export const addMemberAction = serverAction({ role: "admin", schema: createUserSchema }, async (input, { db, member, actor }) => {
  const added = await addMember(db, { projectId: member.projectId, actor, input });
  revalidatePath("/settings");
  return { email: added.email };
});

export const removeMemberAction = serverAction({ role: "admin", schema: z.object({ userId: z.string().min(1) }) }, async ({ userId }, { db, member, actor }) => {
  await removeMember(db, { projectId: member.projectId, userId, actor });
  revalidatePath("/settings");
  return null;
});

// Accounts belong to the instance: the three actions below are an instance admin's (lib/accounts checks it),
// whatever the caller's role in the project they are looking at.
export const setUserDisabledAction = serverAction(
  { role: "admin", schema: z.object({ userId: z.string().min(1), disabled: z.enum(["true", "false"]) }) },
  async ({ userId, disabled }, { db, member, actor }) => {
    await setAccountDisabled(db, { userId, isDisabled: disabled === "true", authority: userAuthority({ ...actor, userId: member.userId }) });
    revalidatePath("/settings");
    return null;
  },
);

export const endUserSessionsAction = serverAction({ role: "admin", schema: z.object({ userId: z.string().min(1) }) }, async ({ userId }, { db, member, actor }) => {
  await endAccountSessions(db, { userId, authority: userAuthority({ ...actor, userId: member.userId }) });
  return null;
});

export const setInstanceAdminAction = serverAction(
  { role: "admin", schema: z.object({ userId: z.string().min(1), isInstanceAdmin: z.enum(["true", "false"]) }) },
  async ({ userId, isInstanceAdmin }, { db, member, actor }) => {
    await setInstanceAdmin(db, { userId, isInstanceAdmin: isInstanceAdmin === "true", authority: userAuthority({ ...actor, userId: member.userId }) });
    revalidatePath("/settings");
    return null;
  },
);
