import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";

/**
 * Judges of a project by name, in the order given; an unknown name is an error that lists the known
 * ones. `paths`, one per name, are where the request named each: the error's details name the unknown ones there.
 */
export async function findJudgesByName(db: Db, { projectId, names, paths }: { projectId: string; names: string[]; paths?: string[] }) {
  const judges = await db.judge.findMany({ where: { projectId }, select: { id: true, name: true, kind: true, isSimulated: true }, orderBy: { name: "asc" } });
  const byName = new Map(judges.map((judge) => [judge.name, judge]));
  const unknown = names.flatMap((name, index) => (byName.has(name) ? [] : [{ name, path: paths?.[index] }]));
  if (unknown.length) {
    const details = unknown.flatMap(({ name, path }) => (path ? [{ path, message: `no judge named "${name}"` }] : []));
    throw new AppError("not_found", `Unknown judge ${[...new Set(unknown.map(({ name }) => `"${name}"`))].join(", ")}; known: ${judges.map((j) => j.name).join(", ") || "none"}`, details);
  }
  return names.map((name) => byName.get(name)!);
}
