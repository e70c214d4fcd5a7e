import type { Db } from "../lib/db/client";

/** The e2e project's four panel judges (e2e-judge-1..4), made once and reused: their version ids, in order. */
export async function seedE2eJudges(db: Db, projectId: string): Promise<string[]> {
  const judges: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const name = `e2e-judge-${n}`;
    const judge =
      (await db.judge.findUnique({ where: { projectId_name: { projectId, name } }, include: { versions: true } })) ??
      (await db.judge.create({ data: { projectId, name, kind: "llm", versions: { create: { version: 1, config: { model: "e2e" } } } }, include: { versions: true } }));
    judges.push(judge.versions[0]!.id);
  }
  return judges;
}
