import type { Db } from "../db/client";

export type FinalReply = { text: string; from: "output" } | { text: string; from: "step"; stepIndex: number };

/**
 * The reply a reviewer judges: the trace's final output, or else the content of its last
 * assistant step that has any (traces from message logs often carry no separate output).
 */
export async function findFinalReply(db: Db, { traceId, output }: { traceId: string; output: string | null }): Promise<FinalReply | null> {
  if (output) return { text: output, from: "output" };
  const step = await db.traceStep.findFirst({
    where: { traceId, role: "assistant", AND: [{ content: { not: null } }, { NOT: { content: "" } }] },
    orderBy: { index: "desc" },
    select: { index: true, content: true },
  });
  return step?.content ? { text: step.content, from: "step", stepIndex: step.index } : null;
}
