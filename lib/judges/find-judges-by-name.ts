import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";

/** Judges of a project by name, in the order given; an unknown name is an error that lists the known ones. */
export async function findJudgesByName(db: Db, { projectId, names }: { projectId: string; names: string[] }) {
  const judges = await db.judge.findMany({ where: { projectId }, select: { id: true, name: true, kind: true, isSimulated: true }, orderBy: { name: "asc" } });
  const byName = new Map(judges.map((judge) => [judge.name, judge]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length) throw new AppError("not_found", `Unknown judge ${unknown.map((n) => `"${n}"`).join(", ")}; known: ${judges.map((j) => j.name).join(", ") || "none"}`);
  return names.map((name) => byName.get(name)!);
}
