import type { ChatMessage } from "../../traces/messages/chat-message";
import { asString, isRecord, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { readIndexedObjects, safely } from "./otel-span-messages";

/**
 * OpenInference's flattened messages (Arize Phoenix instrumentations):
 * `llm.input_messages.N.message.{role, content, name, tool_call_id, contents.M.message_content.{type, text},
 * tool_calls.M.tool_call.{id, function.name, function.arguments}}` and the same under `llm.output_messages`.
 */
export function readOpenInferenceMessages(attributes: JsonObject): { input: ChatMessage[]; output: ChatMessage[] } {
  return { input: readList(attributes, "llm.input_messages."), output: readList(attributes, "llm.output_messages.") };
}

function readList(attributes: JsonObject, prefix: string): ChatMessage[] {
  return readIndexedObjects(attributes, prefix).flatMap((item) => {
    const message = isRecord(item) && isRecord(item.message) ? item.message : null;
    if (!message) return [];
    const contents = Array.isArray(message.contents) ? message.contents.map((part) => (isRecord(part) ? part.message_content : part)) : undefined;
    const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls.map((call) => (isRecord(call) && isRecord(call.tool_call) ? call.tool_call : call)) : undefined;
    return safely({
      role: message.role ?? (prefix.includes("output") ? "assistant" : "user"),
      content: message.content ?? contents ?? null,
      ...(toolCalls ? { tool_calls: toolCalls } : {}),
      ...(message.tool_call_id !== undefined ? { tool_call_id: message.tool_call_id } : {}),
      ...(message.name !== undefined ? { name: message.name } : {}),
    });
  });
}

/** An OpenInference TOOL span: `tool.name`, arguments from `tool.parameters` or `input.value`, result from `output.value`. */
export function readOpenInferenceTool(attributes: JsonObject, spanName: string) {
  return {
    id: asString(attributes["tool_call.id"]) ?? asString(attributes["tool.id"]),
    name: asString(attributes["tool.name"]) ?? spanName,
    arguments: parseJsonArguments(attributes["input.value"] ?? attributes["tool.parameters"]),
    result: parseJsonArguments(attributes["output.value"]),
  };
}
