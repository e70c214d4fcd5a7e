"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { roleSchema } from "@/lib/auth/roles";
import { createUser, createUserSchema } from "@/lib/members/create-user";
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

export const addMemberAction = serverAction({ role: "admin", schema: createUserSchema }, async (input, { db, member, actor }) => {
  const created = await createUser(db, { projectId: member.projectId, actor, input });
  revalidatePath("/settings");
  return { email: created.email };
});
