import { z } from "zod";
import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";

export const createProjectSchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/, "3 to 50 lower-case letters, digits and dashes, starting and ending with a letter or digit"),
  name: z.string().trim().min(1, "Give the project a name").max(200),
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;

/** Creates a project with its creator as its first admin. */
export async function createProject(db: Db, { input, adminUserId, actor }: { input: CreateProjectInput; adminUserId: string; actor: Actor }) {
  const { slug, name } = createProjectSchema.parse(input);
  return db.$transaction(async (tx) => {
    if (await tx.project.findUnique({ where: { slug } })) throw new AppError("conflict", `A project with slug "${slug}" already exists`, [{ field: "slug" }]);
    const project = await tx.project.create({ data: { slug, name } });
    await tx.member.create({ data: { projectId: project.id, userId: adminUserId, role: "admin" } });
    await recordAuditEvent(tx, {
      projectId: project.id,
      actor,
      action: "project.create",
      subjectType: "project",
      subjectId: project.id,
      details: { slug, name, adminUserId },
    });
    return project;
  });
}
