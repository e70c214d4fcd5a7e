import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { systemActor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { createUser } from "../members/create-user";
import { defaultProjectSlug, ensureProject } from "../projects/find-project";
import { dataDir } from "./data-dir";

export const demoAdminEmail = "admin@goodhart.local";

export type BootstrapResult = {
  projectId: string;
  /** Set only on the start that created the first admin. */
  createdAdmin?: { email: string; password?: string; passwordFile?: string };
};

/**
 * First start: the `default` project and its first admin. Later starts change nothing, so a
 * restart keeps every user and password as they are.
 */
export async function bootstrapInstance(db: Db, env: { adminEmail?: string; adminPassword?: string } = {}): Promise<BootstrapResult> {
  const project = await ensureProject(db, defaultProjectSlug, "Default project");
  const admins = await db.member.count({ where: { projectId: project.id, role: "admin" } });
  if (admins > 0) return { projectId: project.id };

  if (env.adminEmail && env.adminPassword) {
    const created = await createUser(db, { projectId: project.id, actor: systemActor, input: { email: env.adminEmail, password: env.adminPassword, role: "admin" } });
    await markInstanceAdmin(db, created.id);
    return { projectId: project.id, createdAdmin: { email: env.adminEmail } };
  }
  const password = randomBytes(12).toString("base64url");
  const created = await createUser(db, {
    projectId: project.id,
    actor: systemActor,
    input: { email: env.adminEmail ?? demoAdminEmail, password, name: "Demo admin", role: "admin" },
    updateExisting: true,
  });
  await markInstanceAdmin(db, created.id);
  const passwordFile = path.join(/*turbopackIgnore: true*/ dataDir(), "admin-password.txt");
  writeFileSync(passwordFile, `${env.adminEmail ?? demoAdminEmail}\n${password}\n`, { mode: 0o600 });
  return { projectId: project.id, createdAdmin: { email: env.adminEmail ?? demoAdminEmail, password, passwordFile } };
}

/** The first admin owns the install: they alone (and whom they name) manage accounts across projects. */
async function markInstanceAdmin(db: Db, userId: string) {
  await db.user.update({ where: { id: userId }, data: { isInstanceAdmin: true } });
}
