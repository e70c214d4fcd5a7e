import type { Trace } from "../traces/trace-schema";
import { visibleText } from "./visible-text";

/**
 * The parts of a trace the rule checks read, extracted once per trace and shared by every item
 * (and by every candidate check a search evaluates). Only what a real trace carries: no field a
 * simulator alone computes.
 */
export type TraceView = {
  /**
   * `trace.output` when set, else the content of the last assistant message; as its reader sees it
   * (visible-text.ts), like every assistant text: what a comment or a zero-width character hides is not there.
   */
  finalReply: string | null;
  assistantTexts: Array<{ index: number; text: string }>;
  /** Every system message: what the agent was told before the conversation (a policy given as context). */
  systemTexts: Array<{ index: number; text: string }>;
  /** `trace.input` (index -1) when set, then every user message. */
  userTexts: Array<{ index: number; text: string }>;
  reasonings: Array<{ index: number; text: string }>;
  /**
   * `arguments` and `result` are parsed when a source sent them as a JSON string (OpenAI's
   * function.arguments, a tool message's content); a plain-text result stays text. `hasResult`
   * is false when no result was logged for the call (a check on it is then n/a).
   */
  toolCalls: Array<{ index: number; name: string; arguments: unknown; hasResult: boolean; result: unknown }>;
  assistantMessageCount: number;
  stepCount: number;
  /** Undefined when the caller sent none: checks on it then answer n/a. */
  endState: unknown;
};

export function viewTrace(trace: Trace): TraceView {
  const assistantTexts: TraceView["assistantTexts"] = [];
  const userTexts: TraceView["userTexts"] = trace.input ? [{ index: -1, text: trace.input }] : [];
  const systemTexts: TraceView["systemTexts"] = [];
  const reasonings: TraceView["reasonings"] = [];
  const toolCalls: TraceView["toolCalls"] = [];
  let assistantMessageCount = 0;
  let lastAssistantMessage: string | null = null;
  trace.steps.forEach((step, index) => {
    if (step.reasoning) reasonings.push({ index, text: step.reasoning });
    if (step.type === "tool_call" && step.name) {
      const hasResult = step.result !== undefined && step.result !== null;
      toolCalls.push({ index, name: step.name, arguments: parseJsonText(step.arguments), hasResult, result: hasResult ? parseJsonText(step.result) : undefined });
    }
    if (step.role === "tool" && step.type === "message" && step.content) attachToolReply(toolCalls, step.name ?? null, step.content);
    if (step.role === "user" && step.type === "message" && step.content) userTexts.push({ index, text: step.content });
    if (step.role === "system" && step.type === "message" && step.content) systemTexts.push({ index, text: step.content });
    if (step.role !== "assistant" || !step.content) return;
    const text = visibleText(step.content);
    assistantTexts.push({ index, text });
    if (step.type === "message") {
      assistantMessageCount += 1;
      lastAssistantMessage = text;
    }
  });
  const finalReply = trace.output ? visibleText(trace.output) : lastAssistantMessage;
  return { finalReply, assistantTexts, systemTexts, userTexts, reasonings, toolCalls, assistantMessageCount, stepCount: trace.steps.length, endState: trace.endState };
}

/** A tool reply logged as its own message (not merged into its call by an importer) is the result of the latest call of that tool still without one. */
function attachToolReply(toolCalls: TraceView["toolCalls"], name: string | null, content: string) {
  const call = toolCalls.findLast((c) => !c.hasResult && (name === null || c.name === name));
  if (!call) return;
  call.hasResult = true;
  call.result = parseJsonText(content);
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON after all: the raw text is still what a regex over it should see.
    return value;
  }
}
