import { recordedToolCalls, type ToolStepLike } from "./recorded-tool-calls";

export type ReplayTraceInput = { id: string; externalId: string; environment: string | null; input: string | null; output: string | null; endState: unknown };
export type ReplayStepInput = ToolStepLike & { role: string; content: string | null };

/** A tool as the trace used it: how often, and the JSON type of each argument seen (several when calls differ). */
export type ToolShape = { name: string; calls: number; arguments: Record<string, string[]> };

export type ToolUseTask = {
  prompt: string;
  referenceAnswer: string | null;
  plantedState: Record<string, unknown> | null;
  tools: ToolShape[];
  recordedCalls: number;
};

/**
 * A tool-use replay task from a trace: the user's request, the tools with the argument shapes seen,
 * and as reference the recorded end state and final answer. A trace that cannot make one says why
 * (no request, no recorded tool call, nothing to compare a rollout with), so no trace is passed over silently.
 */
export function toolUseTaskOfTrace(trace: ReplayTraceInput, steps: readonly ReplayStepInput[]): { task: ToolUseTask } | { skipped: string } {
  const request = steps.find((step) => step.type === "message" && step.role === "user" && step.content?.trim())?.content ?? trace.input;
  if (!request?.trim()) return { skipped: "no user request in the trace" };
  const recorded = recordedToolCalls(steps);
  if (!recorded.length) return { skipped: "no tool call with a recorded result" };
  const endState = isObject(trace.endState) ? trace.endState : null;
  const finalAnswer =
    (trace.output?.trim() ? trace.output : null) ??
    steps.findLast((step) => step.type === "message" && step.role === "assistant" && step.content?.trim())?.content ??
    null;
  if (!endState && !finalAnswer) return { skipped: "no recorded end state or final answer to use as reference" };
  return { task: { prompt: request, referenceAnswer: finalAnswer, plantedState: endState, tools: toolShapes(steps), recordedCalls: recorded.length } };
}

function toolShapes(steps: readonly ReplayStepInput[]): ToolShape[] {
  const shapes = new Map<string, ToolShape>();
  for (const step of steps) {
    const name = step.toolName ?? step.name;
    if (step.type !== "tool_call" || !name) continue;
    const shape = shapes.get(name) ?? { name, calls: 0, arguments: {} };
    shape.calls += 1;
    if (isObject(step.arguments)) {
      for (const [key, value] of Object.entries(step.arguments)) {
        const type = jsonType(value);
        const seen = (shape.arguments[key] ??= []);
        if (!seen.includes(type)) seen.push(type);
      }
    }
    shapes.set(name, shape);
  }
  return [...shapes.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
