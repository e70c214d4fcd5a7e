import type { Db } from "../db/client";
import { llmJudgeConfigSchema } from "../judges/judge-config-schema";
import type { QaModel } from "./mine-qa-from-document";

export type DocumentMiners = { method: "qa"; generator: QaModel; checker: QaModel } | { method: "cloze" };

/**
 * How a project's documents are mined: with the project's active llm judges (their latest versions,
 * oldest judge first), question-answer tasks written by the first and checked by the second (by the
 * same one when there is only one); with none, cloze tasks.
 */
export async function findDocumentMiners(db: Db, projectId: string): Promise<DocumentMiners> {
  const judges = await db.judge.findMany({
    where: { projectId, kind: "llm", isActive: true, isSimulated: false },
    orderBy: [{ createdAt: "asc" }, { name: "asc" }],
    take: 2,
    include: { versions: { orderBy: { version: "desc" }, take: 1 } },
  });
  const models = judges
    .filter((judge) => judge.versions.length > 0)
    .map((judge) => ({ judgeVersionId: judge.versions[0]!.id, config: llmJudgeConfigSchema.parse({ ...(judge.versions[0]!.config as object), kind: "llm" }) }));
  if (models.length === 0) return { method: "cloze" };
  return { method: "qa", generator: models[0]!, checker: models[1] ?? models[0]! };
}

/** Names the miners, so a job with other miners is a different job (and the same ones the same job). */
export function minersKey(miners: DocumentMiners): string {
  return miners.method === "cloze" ? "cloze" : `qa:${miners.generator.judgeVersionId}:${miners.checker.judgeVersionId}`;
}
