import type { Step, Trace } from "../traces/trace-schema";

/** The reply a grader reads: `output` when set, else the last assistant message. */
export function finalReplyOf(trace: Trace): string | null {
  if (trace.output) return trace.output;
  return [...trace.steps].reverse().find((s) => s.role === "assistant" && s.type === "message" && s.content)?.content ?? null;
}

/**
 * The trace with its final reply replaced everywhere the old reply was written: `output`, the last
 * assistant message, and any tool argument that carried the same text (a "send reply" tool), so a
 * check reading either place sees the same words. The recorded end state is left as it was: a probe
 * edits what the agent said, not what the environment recorded.
 */
export function withFinalReply(trace: Trace, reply: string): Trace {
  const old = finalReplyOf(trace);
  const lastMessage = trace.steps.map((s, i) => ({ s, i })).reverse().find(({ s }) => s.role === "assistant" && s.type === "message" && s.content)?.i;
  const steps = trace.steps.map((step, index): Step => {
    if (index === lastMessage) return { ...step, content: reply };
    if (step.type === "tool_call" && old) return { ...step, arguments: replaceText(step.arguments, old, reply) };
    return step;
  });
  if (lastMessage === undefined && !trace.output) steps.push({ type: "message", role: "assistant", content: reply });
  return { ...trace, output: trace.output ? reply : trace.output, steps };
}

export function toolCallsOf(trace: Trace): Array<{ index: number; step: Step }> {
  return trace.steps.flatMap((step, index) => (step.type === "tool_call" && step.name ? [{ index, step }] : []));
}

export function toolNamesOf(trace: Trace): Set<string> {
  return new Set(toolCallsOf(trace).map(({ step }) => step.name!));
}

/** True when a tool call carries the final reply in its arguments (the reply itself, not an action). */
export function carriesReply(step: Step, reply: string | null): boolean {
  return reply !== null && JSON.stringify(step.arguments ?? null).includes(JSON.stringify(reply).slice(1, -1));
}

function replaceText(value: unknown, old: string, next: string): unknown {
  if (typeof value === "string") return value === old ? next : value;
  if (Array.isArray(value)) return value.map((v) => replaceText(v, old, next));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceText(v, old, next)]));
  return value;
}
