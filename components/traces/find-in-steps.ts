import type { TraceStepView } from "@/lib/traces/list-trace-steps";

/** Whether a step's text (content, reasoning, tool name, arguments, result, error) holds the query, ignoring case. */
export function stepMatches(step: TraceStepView, query: string): boolean {
  const needle = query.toLowerCase();
  const texts = [step.content, step.reasoning, step.toolName, step.error, step.arguments == null ? null : JSON.stringify(step.arguments), step.result == null ? null : JSON.stringify(step.result)];
  return texts.some((text) => text != null && text.toLowerCase().includes(needle));
}

/** The positions (in `steps`) of the steps that hold the query, in order. */
export function findInSteps(steps: TraceStepView[], query: string): number[] {
  if (!query.trim()) return [];
  return steps.flatMap((step, position) => (stepMatches(step, query.trim()) ? [position] : []));
}
