import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

export const defaultProjectSlug = "default";

export async function findProjectBySlug(db: Db, slug: string) {
  const project = await db.project.findUnique({ where: { slug } });
  if (!project) throw notFound(`Project "${slug}"`);
  return project;
}

/** Creates the project when it does not exist yet; never changes an existing one. */
export async function ensureProject(db: Db, slug: string, name: string) {
  return db.project.upsert({ where: { slug }, create: { slug, name }, update: {} });
}
