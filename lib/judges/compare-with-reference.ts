import { canonicalJson } from "../traces/hash-trace";
import { viewTrace } from "../checks/trace-view";
import type { JudgeLabel } from "./consensus";
import type { JudgeConfig } from "./judge-config-schema";
import type { JudgedTrace } from "./load-judged-traces";
import type { JudgingContext } from "./judging-context";

type ReferenceConfig = Extract<JudgeConfig, { kind: "reference" }>;
type ReferenceVerdict = { label: JudgeLabel; score: number; rationale: string; issues: string[] };

/**
 * A trace is compared with its task (found by origin trace, or by the id in the trace's `task`):
 * with its reference answer (the final reply must contain it, or equal it with match "exact",
 * ignoring case and spacing) or its planted state (every planted key equal in the trace's end
 * state; a planted object names only the fields that must hold, at any depth, and a planted list
 * must match item by item). No reference at all is an error, not a guess.
 */
export async function compareWithReference(context: JudgingContext, { id, trace }: JudgedTrace, config: ReferenceConfig): Promise<ReferenceVerdict> {
  const task = await context.referenceTaskFor(id, trace.task);
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
    const wrong = planted.filter(([key, value]) => !hasPlanted(endState[key], value)).map(([key]) => key);
    return wrong.length === 0
      ? { label: "pass", score: 1, rationale: `The end state has every planted value of task ${task.externalId}.`, issues: [] }
      : { label: "fail", score: 1 - wrong.length / planted.length, rationale: `The end state differs from the planted state of task ${task.externalId} at: ${wrong.join(", ")}.`, issues: wrong.map((key) => `end state ${key} differs from the planted state`) };
  }
  throw new Error(`no reference answer or planted state for this trace${trace.task ? ` (task ${trace.task})` : ""}`);
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

function hasPlanted(actual: unknown, planted: unknown): boolean {
  if (Array.isArray(planted)) return Array.isArray(actual) && actual.length === planted.length && planted.every((item, index) => hasPlanted(actual[index], item));
  if (isRecord(planted)) return isRecord(actual) && Object.entries(planted).every(([key, value]) => hasPlanted(actual[key], value));
  return canonicalJson(actual) === canonicalJson(planted);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
