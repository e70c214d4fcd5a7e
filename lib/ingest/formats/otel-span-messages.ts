import type { ChatMessage } from "../../traces/messages/chat-message";
import { isRecord, omitKeys, parseJsonDeep, type JsonObject } from "../../json/json-value";
import { normalizeMessage } from "../../traces/messages/normalize-message";
import { readContent } from "../../traces/messages/read-content";

/**
 * The messages of an OTel GenAI inference span, from either attribute style: the current
 * `gen_ai.system_instructions` / `gen_ai.input.messages` / `gen_ai.output.messages` (JSON text of
 * `{role, parts: [{type: text|tool_call|tool_call_response|reasoning, ...}]}`), or the older
 * flattened `gen_ai.prompt.N.role|content|tool_calls.M.*|tool_call_id` and `gen_ai.completion.N.*`.
 * Messages that cannot be read are skipped (the span's attributes stay in the trace metadata).
 */
export function readSpanMessages(attributes: JsonObject): { input: ChatMessage[]; output: ChatMessage[] } {
  const input: ChatMessage[] = [];
  const instructions = parseJsonDeep(attributes["gen_ai.system_instructions"]);
  if (instructions !== undefined && instructions !== null) {
    const text = readContent(instructions).text;
    if (text) input.push({ role: "system", content: text, toolCalls: [] });
  }
  input.push(...readPartsMessages(attributes["gen_ai.input.messages"], "user"));
  input.push(...readIndexed(attributes, "gen_ai.prompt.", "user"));
  const output = [...readPartsMessages(attributes["gen_ai.output.messages"], "assistant"), ...readIndexed(attributes, "gen_ai.completion.", "assistant")];
  return { input, output };
}

function readPartsMessages(value: unknown, defaultRole: string): ChatMessage[] {
  const list = parseJsonDeep(value);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (!isRecord(item)) return [];
    const raw = { ...omitKeys(item, ["parts"]), role: item.role ?? defaultRole, content: item.parts ?? item.content };
    return safely(raw);
  });
}

function readIndexed(attributes: JsonObject, prefix: string, defaultRole: string): ChatMessage[] {
  return readIndexedObjects(attributes, prefix).flatMap((item) => (isRecord(item) ? safely({ ...item, role: item.role ?? defaultRole }) : []));
}

/** Flattened attributes under `prefix` (gen_ai.prompt.0.role, llm.input_messages.0.message.tool_calls.1...) as a list of objects. */
export function readIndexedObjects(attributes: JsonObject, prefix: string): unknown[] {
  const root: JsonObject = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(prefix)) continue;
    const path = key.slice(prefix.length).split(".");
    if (!/^\d+$/.test(path[0] ?? "")) continue;
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const child = node[segment];
      const next: JsonObject = isRecord(child) ? child : {};
      node[segment] = next;
      node = next;
    });
  }
  const list = toArrays(root);
  return Array.isArray(list) ? list : [];
}

/** Objects whose keys are all indexes ("0", "1", ...) become arrays, in index order. */
function toArrays(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, toArrays(value[key])]));
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]);
}

/** A message normalised, or none when it cannot be read (the span's attributes stay in the trace metadata). */
export function safely(raw: JsonObject): ChatMessage[] {
  try {
    return normalizeMessage(raw, "message");
  } catch {
    return [];
  }
}
