// The project an e2e spec works in. Each spec has its own, so no spec sees, counts or deletes
// another's data and the specs run in any order. A seed makes it; the spec's pages open in it.
import type { Db } from "../lib/db/client";
import { defaultProjectSlug } from "../lib/projects/find-project";

/** The slug of a spec's own project: `e2e-<spec>`, the spec's file name without `.spec.ts`. */
export const specProjectSlug = (spec: string) => `e2e-${spec}`;

/**
 * Makes the spec's project anew (the last run's is deleted with everything in it), with the e2e
 * users as members in the roles they have in the default project, where the first start and
 * e2e/global-setup.ts put them.
 */
export async function makeSpecProject(db: Db, spec: string) {
  const slug = specProjectSlug(spec);
  await db.project.deleteMany({ where: { slug } });
  const members = await db.member.findMany({ where: { project: { slug: defaultProjectSlug } }, select: { userId: true, role: true } });
  return db.project.create({ data: { slug, name: `e2e ${spec}`, members: { create: members } } });
}
