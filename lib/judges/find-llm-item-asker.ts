import type { Db } from "../db/client";
import { askItemQuestion } from "./ask-item-question";
import type { Rubric } from "../checks/rubric-item-schema";
import type { LlmItemAsker } from "../checks/llm-item-asker";

/**
 * The llm judge that answers a rubric's llm items: the project's active llm judge bound to the
 * rubric's environment, else one bound to no environment, at its newest version. Undefined when the
 * rubric has no llm item or no such judge exists (the items then answer n/a with the reason).
 */
export async function findLlmItemAsker(db: Db, { projectId, environment, rubric }: { projectId: string; environment: string; rubric: Rubric }): Promise<LlmItemAsker | undefined> {
  if (!rubric.items.some((item) => item.check.kind === "llm")) return undefined;
  const judges = await db.judge.findMany({
    where: { projectId, kind: "llm", isActive: true, OR: [{ environment }, { environment: null }] },
    orderBy: { createdAt: "asc" },
    select: { name: true, environment: true, versions: { orderBy: { version: "desc" }, take: 1, select: { id: true, version: true } } },
  });
  const judge = judges.find((j) => j.environment === environment && j.versions[0]) ?? judges.find((j) => j.versions[0]);
  const version = judge?.versions[0];
  if (!judge || !version) return undefined;
  return async ({ question, trace }) => {
    const { answer, evidence, costUsd } = await askItemQuestion(db, { projectId, judgeVersionId: version.id, question, trace });
    return { answer, evidence: `${judge.name} v${version.version}: ${evidence}`, costUsd };
  };
}
