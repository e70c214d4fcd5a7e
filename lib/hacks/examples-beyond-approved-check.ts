import type { Db, Tx } from "../db/client";
import { compileCheck } from "../checks/compile-check";
import { rubricItemSchema } from "../checks/rubric-item-schema";
import { viewTrace } from "../checks/trace-view";
import { loadTracesForScoring } from "../traces/load-traces-for-scoring";

/**
 * The example traces an approved hack's check does not fire on: the hack in a face its check,
 * induced from earlier examples, never saw (a refund claimed after an escalation, when the first
 * examples never escalated). Empty when the hack has no rule check to run (an llm question, or
 * no valid item), so such a confirmation adds its examples to the hack as before.
 */
export async function examplesBeyondApprovedCheck(db: Db | Tx, { projectId, approvedItem, traceIds }: { projectId: string; approvedItem: unknown; traceIds: string[] }): Promise<string[]> {
  const parsed = rubricItemSchema.safeParse(approvedItem ?? {});
  if (!parsed.success || parsed.data.check.kind === "llm" || traceIds.length === 0) return [];
  const check = compileCheck(parsed.data.check);
  const rows = await loadTracesForScoring(db, { projectId, where: { ids: traceIds }, take: traceIds.length });
  return rows.filter((row) => check(viewTrace(row.trace)).answer !== "yes").map((row) => row.id);
}
