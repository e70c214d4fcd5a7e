import type { StepInput } from "./step-input";
import type { ChatMessage, ChatToolCall } from "./chat-message";
import { deepEqual, nonEmpty, type JsonObject } from "../../json/json-value";

/**
 * Turns messages into steps. An assistant message gives a message step (when it has text or
 * reasoning, or no tool calls) and one tool_call step per call. A tool reply is matched to its
 * call by tool call id and fills that step's result and error (the reply's other fields go to
 * the step's metadata as `toolMessage`); a reply with no matching call stays a tool message step.
 */
export function messagesToSteps(messages: readonly ChatMessage[]): StepInput[] {
  const steps: StepInput[] = [];
  const openCalls = new Map<string, StepInput>();
  // Calls without an id (Gemini's function_call may have none) take the first reply that names their tool.
  const openUnnamed: StepInput[] = [];
  for (const message of messages) {
    if (message.role === "tool" && message.toolCalls.length === 0) {
      const call = message.toolCallId ? openCalls.get(message.toolCallId) : undefined;
      if (call) {
        attachReply(call, message);
        openCalls.delete(message.toolCallId ?? "");
        continue;
      }
      const byName = !message.toolCallId && message.name ? openUnnamed.findIndex((step) => step.name === message.name) : -1;
      if (byName !== -1) {
        attachReply(openUnnamed[byName]!, message);
        openUnnamed.splice(byName, 1);
        continue;
      }
      // A reply that names neither call nor tool (a prompt replayed as text) is the result a call already has.
      const sameResult = !message.toolCallId && !message.name ? findCallWithResult([...openCalls.values(), ...openUnnamed], message.content) : undefined;
      if (sameResult) continue;
      steps.push(messageStep(message));
      continue;
    }
    const hasText = (message.content !== null && message.content !== "") || Boolean(message.reasoning);
    if (hasText || message.toolCalls.length === 0) steps.push(messageStep(message));
    message.toolCalls.forEach((call, index) => {
      const carriesMessage = !hasText && index === 0;
      const step = toolCallStep(message, call, carriesMessage);
      steps.push(step);
      if (call.id) openCalls.set(call.id, step);
      else openUnnamed.push(step);
    });
  }
  return steps;
}

function findCallWithResult(calls: StepInput[], content: string | null): StepInput | undefined {
  return calls.find((step) => step.result !== undefined && (deepEqual(step.result, content) || (typeof step.result !== "string" && JSON.stringify(step.result) === content)));
}

function messageStep(message: ChatMessage): StepInput {
  return {
    type: "message",
    role: message.role,
    content: message.content,
    ...(message.reasoning ? { reasoning: message.reasoning } : {}),
    ...(message.name ? { name: message.name } : {}),
    ...(message.toolCallId ? { toolCallId: message.toolCallId } : {}),
    ...(message.error ? { error: message.error } : {}),
    ...timing(message),
    ...(message.metadata ? { metadata: message.metadata } : {}),
  };
}

/** The first call of a message with no text also carries the message's tokens, timing and metadata. */
function toolCallStep(message: ChatMessage, call: ChatToolCall, carriesMessage: boolean): StepInput {
  const metadata: JsonObject = { ...(carriesMessage ? message.metadata : {}), ...(call.metadata ? { toolCall: call.metadata } : {}) };
  if (carriesMessage && message.content === "") metadata.content = "";
  // The step's timing is the model call's; the tool's own run time is kept beside it.
  const hidesCallTiming = carriesMessage && (message.startedAt || isPresent(message.latencyMs)) && (call.startedAt || isPresent(call.latencyMs));
  if (hidesCallTiming) metadata.toolTiming = { startedAt: call.startedAt ?? null, latencyMs: call.latencyMs ?? null };
  return {
    type: "tool_call",
    role: message.role,
    name: call.name,
    ...(call.id ? { toolCallId: call.id } : {}),
    arguments: call.arguments,
    ...(call.result !== undefined ? { result: call.result } : {}),
    ...(call.error ? { error: call.error } : {}),
    ...(carriesMessage ? timing(message) : {}),
    ...(call.startedAt && !(carriesMessage && message.startedAt) ? { startedAt: call.startedAt } : {}),
    ...(isPresent(call.latencyMs) && !(carriesMessage && isPresent(message.latencyMs)) ? { latencyMs: call.latencyMs } : {}),
    ...(nonEmpty(metadata) ? { metadata } : {}),
  };
}

function attachReply(step: StepInput, reply: ChatMessage) {
  const extra: JsonObject = { ...reply.metadata };
  if (step.result === undefined) step.result = reply.content;
  else if (!deepEqual(step.result, reply.content)) extra.content = reply.content;
  if (reply.error) step.error = reply.error;
  if (reply.name && !step.name) step.name = reply.name;
  if (reply.startedAt) extra.startedAt = reply.startedAt;
  if (reply.name && reply.name !== step.name) extra.name = reply.name;
  if (nonEmpty(extra)) step.metadata = { ...step.metadata, toolMessage: extra };
}

function timing(message: ChatMessage) {
  return {
    ...(isPresent(message.tokensIn) ? { tokensIn: message.tokensIn } : {}),
    ...(isPresent(message.tokensOut) ? { tokensOut: message.tokensOut } : {}),
    ...(isPresent(message.latencyMs) ? { latencyMs: message.latencyMs } : {}),
    ...(message.startedAt ? { startedAt: message.startedAt } : {}),
  };
}

function isPresent<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}
