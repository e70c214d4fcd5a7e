import type { ChatToolCall } from "../traces/messages/chat-message";
import { isRecord, parseJsonArguments } from "../json/json-value";

// Qwen and Hermes chat templates write tool calls into the completion text; a stop string may cut the closing tag.
const blockPattern = /<tool_call>\s*([\s\S]*?)\s*(?:<\/tool_call>|$)/g;

/**
 * The `<tool_call>{"name": ..., "arguments": ...}</tool_call>` blocks of an assistant's text as
 * tool calls, and the text without them. A block that is not a JSON object with a name stays in
 * the text: it is what the model wrote, and is scored as text.
 */
export function readToolCallBlocks(text: string): { text: string | null; toolCalls: ChatToolCall[] } {
  if (!text.includes("<tool_call>")) return { text, toolCalls: [] };
  const toolCalls: ChatToolCall[] = [];
  const rest = text.replace(blockPattern, (block, body: string) => {
    const call = readCall(body);
    if (!call) return block;
    toolCalls.push(call);
    return "";
  });
  const trimmed = rest.trim();
  return { text: trimmed === "" ? null : trimmed, toolCalls };
}

function readCall(body: string): ChatToolCall | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.name !== "string" || parsed.name === "") return null;
  return { id: typeof parsed.id === "string" ? parsed.id : null, name: parsed.name, arguments: parseJsonArguments(parsed.arguments ?? parsed.parameters ?? {}) };
}
