import { canonicalJson } from "../ingest/hash-trace";
import { viewTrace } from "../rubrics/trace-view";
import type { JudgeLabel } from "./consensus";
import type { JudgeConfig } from "./judge-config-schema";
import type { JudgedTrace } from "./load-judged-traces";
import type { JudgingContext } from "./judge-trace";
import { readLabOutcome } from "./read-lab-outcome";

type ReferenceConfig = Extract<JudgeConfig, { kind: "reference" }>;
type ReferenceVerdict = { label: JudgeLabel; score: number; rationale: string; issues: string[] };

/**
 * A lab trace is compared with its planted end state (the simulator knows what should have
 * happened); any other trace with its task's reference answer (the final reply must contain it,
 * or equal it with match "exact", ignoring case and spacing) or planted state (every planted key
 * equal in the trace's end state). No reference at all is an error, not a guess.
 */
export async function compareWithReference(context: JudgingContext, { id, trace }: JudgedTrace, config: ReferenceConfig): Promise<ReferenceVerdict> {
  if (trace.source === "simulator" && trace.environment === "lab") {
    const success = readLabOutcome(trace.endState);
    if (success === null) throw new Error("lab trace has no readable end state");
    return success
      ? { label: "pass", score: 1, rationale: "The end state matches what the planted task calls for.", issues: [] }
      : { label: "fail", score: 0, rationale: "The end state differs from what the planted task calls for.", issues: ["end state does not match the planted outcome"] };
  }
  const task = await context.db.task.findFirst({
    where: { projectId: context.projectId, OR: [{ originTraceId: id }, ...(trace.task ? [{ externalId: trace.task }] : [])] },
    select: { externalId: true, referenceAnswer: true, plantedState: true },
  });
  if (task?.referenceAnswer) {
    const reply = normalize(viewTrace(trace).finalReply ?? "");
    const expected = normalize(task.referenceAnswer);
    const isMatch = config.match === "exact" ? reply === expected : reply.includes(expected);
    return isMatch
      ? { label: "pass", score: 1, rationale: `The final reply ${config.match === "exact" ? "equals" : "contains"} the reference answer of task ${task.externalId}.`, issues: [] }
      : { label: "fail", score: 0, rationale: `The final reply does not ${config.match === "exact" ? "equal" : "contain"} the reference answer of task ${task.externalId}.`, issues: ["final reply differs from the reference answer"] };
  }
  if (task?.plantedState && typeof task.plantedState === "object" && !Array.isArray(task.plantedState)) {
    const endState = (trace.endState ?? {}) as Record<string, unknown>;
    const planted = Object.entries(task.plantedState as Record<string, unknown>);
    const wrong = planted.filter(([key, value]) => canonicalJson(endState[key]) !== canonicalJson(value)).map(([key]) => key);
    return wrong.length === 0
      ? { label: "pass", score: 1, rationale: `The end state has every planted value of task ${task.externalId}.`, issues: [] }
      : { label: "fail", score: 1 - wrong.length / planted.length, rationale: `End state differs from the planted state at: ${wrong.join(", ")}.`, issues: wrong.map((key) => `end state ${key} differs from the planted state`) };
  }
  throw new Error(`no reference answer or planted state for this trace${trace.task ? ` (task ${trace.task})` : ""}`);
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}
