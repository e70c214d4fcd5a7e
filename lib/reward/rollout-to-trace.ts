import type { ChatMessage } from "../traces/messages/chat-message";
import { isRecord } from "../json/json-value";
import { messagesToSteps } from "../traces/messages/messages-to-steps";
import { normalizeMessage } from "../traces/messages/normalize-message";
import { SourceError } from "../traces/messages/source-error";
import type { Step, Trace } from "../traces/trace-schema";
import { readToolCallBlocks } from "./read-tool-call-blocks";
import type { Rollout } from "./reward-request-schema";

/**
 * A rollout as a native trace (source "rollout"), the shape the rubric evaluator and the store
 * read. Messages are read as trainers send them (OpenAI chat with or without tool_calls, flat tool
 * calls, content parts, the developer role, `<tool_call>` blocks in the text); a rollout that gives
 * no assistant turn to score throws a SourceError naming the field.
 */
export function rolloutToTrace(rollout: Rollout, { environment, run, step }: { environment: string | null; run?: string; step?: number }): Trace {
  const messages = rollout.messages
    ? readMessages(rollout.messages, "messages")
    : [...readTurn(rollout.prompt, "prompt", "user"), ...readTurn(rollout.completion, "completion", "assistant")];
  if (!messages.some((message) => message.role === "assistant")) {
    throw new SourceError(rollout.messages ? "messages" : "completion", "no assistant turn to score");
  }
  const steps: Step[] = messagesToSteps(messages).map((input) => ({ ...input, type: input.type ?? "message" }));
  const metadata = { ...rollout.metadata, ...(rollout.label !== undefined ? { label: rollout.label } : {}) };
  return {
    source: "rollout",
    environment,
    task: rollout.task ?? null,
    run: rollout.run ?? run ?? null,
    step: rollout.step ?? step ?? null,
    // The first user turn and the final reply, which /traces shows and the run's reply length measures.
    input: typeof rollout.prompt === "string" ? rollout.prompt : (messages.find((message) => message.role === "user" && message.content)?.content ?? null),
    output: typeof rollout.completion === "string" ? rollout.completion : (messages.findLast((message) => message.role === "assistant" && message.content)?.content ?? null),
    endState: rollout.endState,
    metadata: Object.keys(metadata).length ? metadata : undefined,
    steps,
  };
}

function readTurn(value: Rollout["prompt"], path: string, role: "user" | "assistant"): ChatMessage[] {
  if (value === undefined) return [];
  if (typeof value === "string") return [withToolCallBlocks({ role, content: value, toolCalls: [] })];
  // Content parts without a role ([{type: "text", text}]) are one turn's text.
  if (value.every((part) => isRecord(part) && part.role === undefined && typeof part.type === "string")) {
    return readMessages([{ role, content: value }], path);
  }
  return readMessages(value, path);
}

function readMessages(values: unknown[], path: string): ChatMessage[] {
  return values.flatMap((value, index) => normalizeMessage(value, `${path}[${index}]`).map(withToolCallBlocks));
}

function withToolCallBlocks(message: ChatMessage): ChatMessage {
  if (message.role !== "assistant" || !message.content) return message;
  const { text, toolCalls } = readToolCallBlocks(message.content);
  return toolCalls.length ? { ...message, content: text, toolCalls: [...message.toolCalls, ...toolCalls] } : message;
}
