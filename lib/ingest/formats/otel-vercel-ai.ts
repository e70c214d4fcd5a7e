import type { ChatMessage } from "../../traces/messages/chat-message";
import { asString, isRecord, parseJsonArguments, parseJsonDeep, type JsonObject } from "../../json/json-value";
import { safely } from "./otel-span-messages";

/**
 * The Vercel AI SDK's telemetry. Its model-call spans (`ai.generateText.doGenerate`,
 * `ai.streamText.doStream`, ...) carry `ai.prompt.messages` (the provider prompt: parts of type
 * text, tool-call and tool-result), `ai.response.text` and `ai.response.toolCalls`; the outer
 * `ai.generateText` span repeats the final answer with `ai.prompt` ({system, prompt, messages}).
 */
export function isVercelCallSpan(attributes: JsonObject): boolean {
  return attributes["ai.prompt.messages"] !== undefined;
}

/** An outer `ai.*` span (ai.generateText, ai.streamText...): its calls have spans of their own. */
export function isVercelWrapperSpan(attributes: JsonObject): boolean {
  const operation = asString(attributes["ai.operationId"]) ?? asString(attributes["operation.name"]) ?? "";
  return operation.startsWith("ai.") && !isVercelCallSpan(attributes) && attributes["ai.toolCall.name"] === undefined;
}

export function readVercelMessages(attributes: JsonObject, { isWrapper }: { isWrapper: boolean }): { input: ChatMessage[]; output: ChatMessage[] } {
  const input = isWrapper ? readWrapperPrompt(attributes["ai.prompt"]) : readPrompt(attributes["ai.prompt.messages"]);
  const text = asString(attributes["ai.response.text"]);
  const calls = parseJsonDeep(attributes["ai.response.toolCalls"]);
  const toolCalls = Array.isArray(calls)
    ? calls.filter(isRecord).map((call) => ({ id: call.toolCallId ?? null, name: call.toolName, arguments: call.input ?? call.args }))
    : [];
  const output = text !== null || toolCalls.length > 0 ? safely({ role: "assistant", content: text, tool_calls: toolCalls }) : [];
  return { input, output };
}

function readPrompt(value: unknown): ChatMessage[] {
  const messages = parseJsonDeep(value);
  return Array.isArray(messages) ? messages.filter(isRecord).flatMap(toOpenAiMessages).flatMap(safely) : [];
}

function readWrapperPrompt(value: unknown): ChatMessage[] {
  const prompt = parseJsonDeep(value);
  if (!isRecord(prompt)) return [];
  const system = asString(prompt.system) ? safely({ role: "system", content: prompt.system }) : [];
  if (Array.isArray(prompt.messages)) return [...system, ...readPrompt(prompt.messages)];
  return [...system, ...(asString(prompt.prompt) ? safely({ role: "user", content: prompt.prompt }) : [])];
}

/** A provider-prompt message to OpenAI-style messages: tool-call parts become tool_calls, each tool-result part a tool message. */
function toOpenAiMessages(message: JsonObject): JsonObject[] {
  if (!Array.isArray(message.content)) return [message];
  const parts = message.content.filter(isRecord);
  const results = parts.filter((part) => part.type === "tool-result");
  const calls = parts.filter((part) => part.type === "tool-call");
  const rest = parts.filter((part) => part.type !== "tool-result" && part.type !== "tool-call");
  const replies = results.map((part) => ({ role: "tool", tool_call_id: part.toolCallId, name: part.toolName, content: toolOutput(part) }));
  if (rest.length === 0 && calls.length === 0) return replies;
  const toolCalls = calls.map((part) => ({ id: part.toolCallId, name: part.toolName, arguments: part.input ?? part.args }));
  return [...replies, { role: message.role, content: rest, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }];
}

/** AI SDK 5+ wraps a result as `{type: "json" | "text", value}`; older versions put it in `result`. */
function toolOutput(part: JsonObject): unknown {
  const output = part.output ?? part.result;
  const value = isRecord(output) && "value" in output ? output.value : output;
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

/** An `ai.toolCall` span: the tool's own run, with its arguments and result. */
export function readVercelTool(attributes: JsonObject) {
  return {
    id: asString(attributes["ai.toolCall.id"]),
    name: asString(attributes["ai.toolCall.name"]) ?? "",
    arguments: parseJsonArguments(attributes["ai.toolCall.args"] ?? attributes["ai.toolCall.input"]),
    result: parseJsonArguments(attributes["ai.toolCall.result"] ?? attributes["ai.toolCall.output"]),
  };
}
