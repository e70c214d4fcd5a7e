import type { RecordedToolCall } from "./replay-simulator";

/** A trace step as stored (toolName) or as read by an importer (name). */
export type ToolStepLike = { type: string; toolName?: string | null; name?: string | null; arguments?: unknown; result?: unknown; error?: string | null };

/**
 * The tool calls of a trace that have a recorded outcome (a result or an error), in trace order.
 * A call whose reply was never recorded is left out: replaying it answers "unseen call" rather
 * than an empty result the world never gave.
 */
export function recordedToolCalls(steps: readonly ToolStepLike[]): RecordedToolCall[] {
  return steps.flatMap((step) => {
    const name = step.toolName ?? step.name;
    if (step.type !== "tool_call" || !name) return [];
    const hasResult = step.result !== undefined && step.result !== null;
    if (!hasResult && !step.error) return [];
    return [{ name, arguments: step.arguments ?? {}, result: hasResult ? step.result : null, error: step.error ?? null }];
  });
}
