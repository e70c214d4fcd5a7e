import type { Trace } from "../traces/trace-schema";

/** The parts of a trace the rule checks read, extracted once per trace and shared by every item. */
export type TraceView = {
  /** `trace.output` when set, else the content of the last assistant message. */
  finalReply: string | null;
  assistantTexts: Array<{ index: number; text: string }>;
  reasonings: Array<{ index: number; text: string }>;
  toolCalls: Array<{ index: number; name: string }>;
  endState: unknown;
};

export function viewTrace(trace: Trace): TraceView {
  const assistantTexts: TraceView["assistantTexts"] = [];
  const reasonings: TraceView["reasonings"] = [];
  const toolCalls: TraceView["toolCalls"] = [];
  let lastAssistantMessage: string | null = null;
  trace.steps.forEach((step, index) => {
    if (step.reasoning) reasonings.push({ index, text: step.reasoning });
    if (step.type === "tool_call" && step.name) toolCalls.push({ index, name: step.name });
    if (step.role !== "assistant" || !step.content) return;
    assistantTexts.push({ index, text: step.content });
    if (step.type === "message") lastAssistantMessage = step.content;
  });
  const finalReply = trace.output ? trace.output : lastAssistantMessage;
  return { finalReply, assistantTexts, reasonings, toolCalls, endState: trace.endState };
}
