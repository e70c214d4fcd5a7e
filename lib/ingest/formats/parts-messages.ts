import { asString, isRecord, type JsonObject } from "../../json/json-value";

/**
 * Content parts of the two `parts` spellings, in the one form readContent reads:
 * - OTel GenAI (Microsoft Agent Framework, pydantic-ai): `{type: text|tool_call|tool_call_response|thinking, ...}`;
 *   the Agent Framework gives a call id as `[run id, call id]`, pydantic-ai a tool result as `result`.
 * - Gemini `contents` (google-genai, ADK): `{text, thought?}`, `{function_call|functionCall: {id?, name, args}}`,
 *   `{function_response|functionResponse: {id?, name, response}}`.
 */
export function toContentParts(parts: readonly unknown[]): unknown[] {
  return parts.map((part) => {
    if (typeof part === "string") return { type: "text", text: part };
    if (!isRecord(part)) return part;
    if (typeof part.type === "string") return fromOtelPart(part);
    const call = part.function_call ?? part.functionCall;
    if (isRecord(call)) return { type: "tool_call", id: asString(call.id), name: asString(call.name) ?? "", arguments: call.args ?? {} };
    const response = part.function_response ?? part.functionResponse;
    if (isRecord(response)) return { type: "tool_call_response", id: asString(response.id), name: asString(response.name), response: response.response ?? null };
    if (part.text !== undefined && part.text !== null) {
      const text = typeof part.text === "string" ? part.text : JSON.stringify(part.text);
      return part.thought === true ? { type: "reasoning", text } : { type: "text", text };
    }
    return part;
  });
}

function fromOtelPart(part: JsonObject): unknown {
  if (part.type === "thinking") return { ...part, type: "reasoning" };
  if (part.type !== "tool_call" && part.type !== "tool_call_response") return part;
  const id = Array.isArray(part.id) ? callIdOf(part.id) : asString(part.id);
  return { ...part, id, ...(part.type === "tool_call_response" && part.response === undefined && part.result !== undefined ? { response: part.result } : {}) };
}

function callIdOf(ids: unknown[]): string | null {
  const strings = ids.filter((id): id is string => typeof id === "string");
  return strings.find((id) => id.startsWith("call_")) ?? strings.at(-1) ?? null;
}

/** A system instruction: a string, Gemini's Content `{parts}`, or a list of parts (Gemini `{text}`, OTel GenAI `{type: "text", content}`). */
export function systemInstructionText(value: unknown): string | null {
  if (typeof value === "string") return value || null;
  const parts = isRecord(value) && Array.isArray(value.parts) ? value.parts : Array.isArray(value) ? value : null;
  if (!parts) return null;
  const texts = parts.map((part) => (typeof part === "string" ? part : isRecord(part) ? (asString(part.text) ?? asString(part.content)) : null)).filter((text): text is string => Boolean(text));
  return texts.length > 0 ? texts.join("\n") : null;
}
