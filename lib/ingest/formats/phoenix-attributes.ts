import type { ChatMessage, ChatToolCall } from "../../traces/messages/chat-message";
import { asString, isRecord, parseJsonArguments } from "../../json/json-value";
import { normalizeRole } from "../../traces/messages/normalize-role";

/** Span attributes as one flat map of dotted keys, list positions as numbers: `llm.input_messages.0.message.role`. */
export type FlatAttributes = Map<string, unknown>;

/**
 * Flattens Phoenix's attribute layouts into dotted keys: the REST API's already flat keys, the
 * spans dataframe's `attributes.llm.input_messages` column holding `[{"message.role": ...}]`, or
 * nested objects. Lists of objects are flattened by position; lists of plain values are kept.
 */
export function flattenAttributes(value: unknown, prefix = "", out: FlatAttributes = new Map()): FlatAttributes {
  if (Array.isArray(value) && value.some(isRecord)) {
    value.forEach((item, index) => flattenAttributes(item, `${prefix}${index}.`, out));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) flattenAttributes(item, `${prefix}${key}.`, out);
  } else if (prefix !== "" && value !== null && value !== undefined) {
    out.set(prefix.slice(0, -1), value);
  }
  return out;
}

/** OpenInference messages under a prefix: `llm.input_messages.N.message.{role, content, contents, tool_calls, tool_call_id, name}`. */
export function readOpenInferenceMessages(attributes: FlatAttributes, prefix: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const index of indexesUnder(attributes, prefix)) {
    const at = `${prefix}.${index}.message`;
    const role = normalizeRole(attributes.get(`${at}.role`));
    if (!role) continue;
    const content = asString(attributes.get(`${at}.content`)) ?? readContents(attributes, `${at}.contents`);
    messages.push({
      role,
      content,
      name: asString(attributes.get(`${at}.name`)),
      toolCallId: asString(attributes.get(`${at}.tool_call_id`)),
      toolCalls: readToolCalls(attributes, `${at}.tool_calls`),
    });
  }
  return messages;
}

function readContents(attributes: FlatAttributes, prefix: string): string | null {
  const texts = indexesUnder(attributes, prefix)
    .map((index) => asString(attributes.get(`${prefix}.${index}.message_content.text`)))
    .filter((text) => text !== null);
  return texts.length > 0 ? texts.join("\n") : null;
}

function readToolCalls(attributes: FlatAttributes, prefix: string): ChatToolCall[] {
  return indexesUnder(attributes, prefix).flatMap((index) => {
    const at = `${prefix}.${index}.tool_call`;
    const name = asString(attributes.get(`${at}.function.name`));
    if (name === null) return [];
    return [{ id: asString(attributes.get(`${at}.id`)), name, arguments: parseJsonArguments(attributes.get(`${at}.function.arguments`)) }];
  });
}

/** The list positions present under a prefix, in order (`prefix.0...`, `prefix.1...`). */
function indexesUnder(attributes: FlatAttributes, prefix: string): number[] {
  const found = new Set<number>();
  const start = `${prefix}.`;
  for (const key of attributes.keys()) {
    if (!key.startsWith(start)) continue;
    const index = Number(key.slice(start.length).split(".")[0]);
    if (Number.isInteger(index) && index >= 0) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}
