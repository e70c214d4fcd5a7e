import type { ChatMessage, ChatToolCall } from "./chat-message";
import { deepEqual, isRecord } from "../../json/json-value";

/**
 * Adds one model call to a conversation rebuilt from many calls (Langfuse generations, OTel chat
 * spans). Each call's input replays the history, so the input messages already in the
 * conversation (matched in order) are skipped and only the new ones, then the output, are added.
 * Where a framework rewrote history (summarised, truncated) the rest is appended as new.
 */
export function appendTurn(conversation: ChatMessage[], input: readonly ChatMessage[], output: readonly ChatMessage[]) {
  let position = 0;
  let next = 0;
  for (; next < input.length; next++) {
    const message = input[next];
    if (!message) break;
    let found = -1;
    for (let j = position; j < conversation.length; j++) {
      const candidate = conversation[j];
      if (candidate && isSameMessage(candidate, message)) {
        found = j;
        break;
      }
    }
    if (found === -1) break;
    position = found + 1;
  }
  conversation.push(...input.slice(next), ...output);
}

function isSameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return (
    a.role === b.role &&
    (a.content ?? "") === (b.content ?? "") &&
    (a.toolCallId ?? null) === (b.toolCallId ?? null) &&
    a.toolCalls.length === b.toolCalls.length &&
    a.toolCalls.every((call, index) => call.name === b.toolCalls[index]?.name && call.id === b.toolCalls[index]?.id)
  );
}

export type ToolExecution = Omit<ChatToolCall, "result"> & { result: unknown };

/**
 * Attaches a tool run recorded on its own (a Langfuse TOOL observation, an OTel execute_tool span)
 * to the call the model made: by call id when there is one, else the first call of that tool with
 * no result, preferring one whose arguments match. With no such call it becomes a call of its own.
 */
export function attachToolExecution(conversation: ChatMessage[], execution: ToolExecution) {
  const calls = conversation.flatMap((message) => message.toolCalls);
  const unresolved = calls.filter((call) => call.name === execution.name && call.result === undefined && !call.metadata?.execution);
  const call = execution.id
    ? calls.find((candidate) => candidate.id === execution.id)
    : (unresolved.find((candidate) => argumentsMatch(candidate.arguments, execution.arguments)) ?? unresolved[0]);
  if (!call) {
    conversation.push({ role: "assistant", content: null, toolCalls: [{ ...execution }] });
    return;
  }
  const extra: Record<string, unknown> = { ...execution.metadata };
  if (!deepEqual(call.arguments, execution.arguments)) extra.arguments = execution.arguments;
  if (call.result === undefined) call.result = execution.result;
  else if (!deepEqual(call.result, execution.result)) extra.result = execution.result;
  if (execution.error) call.error = execution.error;
  call.startedAt ??= execution.startedAt;
  call.latencyMs ??= execution.latencyMs;
  call.metadata = { ...call.metadata, execution: extra };
}

function argumentsMatch(callArguments: unknown, executed: unknown): boolean {
  if (deepEqual(callArguments, executed)) return true;
  return isRecord(executed) && "input" in executed && deepEqual(callArguments, executed.input);
}
