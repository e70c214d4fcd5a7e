import type { ChatMessage } from "../../traces/messages/chat-message";
import { asString, isRecord, nonEmpty, omitKeys, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { normalizeMessage } from "../../traces/messages/normalize-message";
import { systemInstructionText, toContentParts } from "./parts-messages";
import { readRolePrefixedPrompt } from "./role-prefixed-prompt";

export type ObservationMessages = { messages: ChatMessage[]; tools: unknown[] };

/**
 * Reads the messages of a Langfuse observation's input or output (already JSON-decoded), in the
 * shapes the framework integrations log: chat message lists, `{messages: [...]}`, one message,
 * OpenAI Responses items and response objects, chat completions, LangChain message dicts, or a
 * bare string. LangChain's callback appends tool definitions as role "tool" messages with an
 * object content; those are returned as `tools`, not messages. Anything unrecognised gives no
 * messages (the raw observation is kept in the trace metadata).
 */
export function readObservationMessages(value: unknown, side: "input" | "output"): ObservationMessages {
  const out: ObservationMessages = { messages: [], tools: [] };
  if (typeof value === "string") {
    // Only a prompt names its roles; a reply that starts with "user:" is still the reply.
    const prompt = side === "input" ? readRolePrefixedPrompt(value) : null;
    out.messages.push(...(prompt ?? [{ role: side === "input" ? "user" : "assistant", content: value, toolCalls: [] }]));
    return out;
  }
  for (const item of listOf(value)) readItem(item, out);
  return out;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return [];
  if (Array.isArray(value.messages)) return value.messages;
  // Gemini: a request {contents, config: {system_instruction}}, a response {candidates: [{content}]}, ADK's response {content}.
  if (Array.isArray(value.contents)) return [...geminiSystem(value), ...value.contents];
  if (Array.isArray(value.candidates)) return value.candidates.slice(0, 1).map((candidate) => (isRecord(candidate) ? candidate.content : undefined));
  if (isRecord(value.content) && Array.isArray(value.content.parts)) return [value.content];
  if (value.object === "response" && Array.isArray(value.output)) return value.output;
  if (Array.isArray(value.choices)) return value.choices.map((choice) => (isRecord(choice) ? choice.message : undefined));
  return value.role !== undefined || isLangChainType(value.type) ? [value] : [];
}

function readItem(item: unknown, out: ObservationMessages) {
  if (!isRecord(item)) return;
  // A whole chat completion (the Agents SDK's generation output): its choices' messages.
  if (item.object === "chat.completion" && Array.isArray(item.choices)) {
    for (const choice of item.choices) if (isRecord(choice)) readItem(choice.message, out);
  } else if (item.type === "function_call") {
    // The Agents SDK's own items spell call_id as callId.
    const metadata = nonEmpty(omitKeys(item, ["type", "call_id", "callId", "name", "arguments", "providerData"]));
    out.messages.push({
      role: "assistant",
      content: null,
      toolCalls: [{ id: asString(item.call_id) ?? asString(item.callId) ?? asString(item.id), name: asString(item.name) ?? "", arguments: parseJsonArguments(item.arguments), ...(metadata ? { metadata } : {}) }],
    });
  } else if (item.type === "function_call_output" || item.type === "function_call_result") {
    out.messages.push({ role: "tool", content: toolOutputText(item.output), toolCalls: [], toolCallId: asString(item.call_id) ?? asString(item.callId) });
  } else if (item.type === "reasoning") {
    const summary = Array.isArray(item.summary) ? item.summary.map((part) => (isRecord(part) ? asString(part.text) : null)).filter((text) => text !== null) : [];
    if (summary.length > 0) out.messages.push({ role: "assistant", content: null, reasoning: summary.join("\n"), toolCalls: [] });
  } else if (isToolDefinition(item)) {
    out.tools.push(item.content);
  } else if (Array.isArray(item.parts) && item.content === undefined) {
    readMessage({ ...omitKeys(item, ["parts"]), role: item.role ?? "user", content: toContentParts(item.parts) }, out);
  } else if (item.role !== undefined || isLangChainType(item.type)) {
    try {
      out.messages.push(...normalizeMessage(item, "message"));
    } catch {
      // An unknown role: not a message we can place; the raw observation stays in metadata.
    }
  }
}

/** A tool output as text: a string as it is, the Agents SDK's `{type: "text", text}` as its text, anything else as JSON. */
function toolOutputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (isRecord(output) && output.type === "text" && typeof output.text === "string") return output.text;
  return JSON.stringify(output ?? null);
}

function readMessage(raw: JsonObject, out: ObservationMessages) {
  try {
    out.messages.push(...normalizeMessage(raw, "message"));
  } catch {
    // An unknown role: not a message we can place; the raw observation stays in metadata.
  }
}

function geminiSystem(request: JsonObject): unknown[] {
  const config = isRecord(request.config) ? request.config : {};
  const text = systemInstructionText(config.system_instruction ?? config.systemInstruction ?? request.system_instruction ?? request.systemInstruction);
  return text ? [{ role: "system", content: text }] : [];
}

function isToolDefinition(item: JsonObject): item is JsonObject & { content: JsonObject } {
  const content = item.content;
  return item.role === "tool" && item.tool_call_id === undefined && isRecord(content) && content.type === "function" && isRecord(content.function);
}

function isLangChainType(type: unknown): boolean {
  return type === "human" || type === "ai" || type === "system" || type === "tool";
}
