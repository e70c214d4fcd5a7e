import type { ChatToolCall } from "./chat-message";
import { isRecord, parseJsonArguments, type JsonObject } from "../../json/json-value";

export type ToolResultPart = { toolCallId: string | null; name?: string | null; content: unknown; isError: boolean };

export type ReadContent = {
  text: string | null;
  reasoning: string | null;
  toolCalls: ChatToolCall[];
  toolResults: ToolResultPart[];
  /** The original content, when it holds more than plain text parts (images, annotations...). */
  original?: unknown;
};

const textTypes = ["text", "input_text", "output_text"];
const reasoningTypes = ["reasoning", "thinking", "redacted_thinking"];

/**
 * Reads message content: a string, or a list of parts in the OpenAI, Anthropic, Inspect or OTel
 * GenAI spelling. Text parts are joined with newlines; tool_use / tool_call parts become tool
 * calls and tool_result / tool_call_response parts become tool results.
 */
export function readContent(content: unknown): ReadContent {
  const out: ReadContent = { text: null, reasoning: null, toolCalls: [], toolResults: [] };
  if (content === null || content === undefined) return out;
  if (typeof content === "string") return { ...out, text: content };
  if (typeof content === "number" || typeof content === "boolean") return { ...out, text: String(content) };
  const parts = Array.isArray(content) ? content : [content];
  if (!Array.isArray(content) && !(isRecord(content) && typeof content.type === "string")) {
    return { ...out, text: JSON.stringify(content) };
  }

  const texts: string[] = [];
  const reasonings: string[] = [];
  let isPlain = Array.isArray(content);
  for (const part of parts) {
    if (typeof part === "string") {
      texts.push(part);
      continue;
    }
    if (!isRecord(part)) {
      isPlain = false;
      continue;
    }
    if (!isPlainTextPart(part)) isPlain = false;
    const type = typeof part.type === "string" ? part.type : "";
    const text = firstString(part, ["text", "content"]);
    if (textTypes.includes(type) && text !== null) texts.push(text);
    else if (reasoningTypes.includes(type)) {
      // Redacted reasoning (Inspect's `redacted: true`, Anthropic's redacted_thinking) holds an
      // encrypted blob, not text: only its readable summary, if any, is reasoning.
      const isRedacted = part.redacted === true || type === "redacted_thinking";
      const reasoning = isRedacted ? firstString(part, ["summary"]) : firstString(part, ["reasoning", "thinking", "text", "content", "summary"]);
      if (reasoning !== null) reasonings.push(reasoning);
    } else if (type === "tool_use" || type === "tool_call" || type === "function_call") {
      out.toolCalls.push(readPartToolCall(part));
    } else if (type === "tool_result" || type === "tool_call_response" || type === "function_call_output") {
      out.toolResults.push({
        toolCallId: firstString(part, ["tool_use_id", "id", "call_id"]),
        name: firstString(part, ["name"]),
        content: part.content ?? part.response ?? part.result ?? part.output,
        isError: part.is_error === true,
      });
    }
  }
  return {
    ...out,
    text: texts.length > 0 ? texts.join("\n") : null,
    reasoning: reasonings.length > 0 ? reasonings.join("\n") : null,
    ...(isPlain ? {} : { original: content }),
  };
}

function readPartToolCall(part: JsonObject): ChatToolCall {
  return {
    id: firstString(part, ["id", "call_id"]),
    name: firstString(part, ["name"]) ?? "",
    arguments: parseJsonArguments(part.input ?? part.arguments),
  };
}

function firstString(value: JsonObject, keys: string[]): string | null {
  for (const key of keys) {
    const item = value[key];
    if (typeof item === "string") return item;
  }
  return null;
}

/** `{type: "text", text}` (OpenAI, Anthropic, Inspect) or `{type: "text", content}` (OTel), nothing more. */
function isPlainTextPart(part: JsonObject): boolean {
  const keys = Object.keys(part);
  return part.type === "text" && keys.length === 2 && (typeof part.text === "string" || typeof part.content === "string");
}
