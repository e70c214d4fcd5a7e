import type { ChatMessage } from "../../traces/messages/chat-message";
import { isRecord } from "../../json/json-value";
import { readObservationMessages } from "./langfuse-messages";

const classTypes: Record<string, string> = {
  HumanMessage: "human",
  AIMessage: "ai",
  AIMessageChunk: "ai",
  SystemMessage: "system",
  ToolMessage: "tool",
  FunctionMessage: "tool",
};

/**
 * The messages of a LangSmith llm run's inputs or outputs. LangChain chat models log
 * `inputs.messages` as a list of lists (one per prompt in the batch) of serialised messages
 * (`{"lc": 1, "type": "constructor", "id": [..., "HumanMessage"], "kwargs": {...}}`) and
 * `outputs.generations` as a list of lists of `{text, message}`; completion models log
 * `inputs.prompts`; @traceable-wrapped clients log the provider's own request and response
 * (`{messages}`, `{choices}`), read as Langfuse observations are.
 */
export function readRunMessages(value: unknown, side: "input" | "output"): ChatMessage[] {
  if (!isRecord(value)) return readObservationMessages(unwrapSerialized(value), side).messages;
  if (side === "input" && Array.isArray(value.prompts) && !value.messages) {
    return value.prompts.filter((prompt) => typeof prompt === "string").flatMap((prompt) => readObservationMessages(prompt, "input").messages);
  }
  if (side === "input" && Array.isArray(value.messages)) return readObservationMessages(firstBatch(value.messages).map(unwrapSerialized), side).messages;
  if (side === "output" && Array.isArray(value.generations)) {
    return firstBatch(value.generations).flatMap((generation) => {
      if (!isRecord(generation)) return [];
      const message = generation.message === undefined ? generation.text : unwrapSerialized(generation.message);
      return readObservationMessages(message, "output").messages;
    });
  }
  return readObservationMessages(unwrapSerialized(value), side).messages;
}

/** LangChain's batch layout: [[m1, m2]] is one prompt of two messages. */
function firstBatch(list: unknown[]): unknown[] {
  return list.length > 0 && list.every(Array.isArray) ? (list[0] as unknown[]) : list;
}

/** `{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {...}}` as a LangChain message dict. */
export function unwrapSerialized(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapSerialized);
  if (!isRecord(value) || value.lc === undefined || value.type !== "constructor" || !isRecord(value.kwargs)) return value;
  const className = Array.isArray(value.id) ? String(value.id.at(-1)) : "";
  const kwargs = value.kwargs;
  const type = typeof kwargs.type === "string" ? kwargs.type : classTypes[className];
  return type === undefined ? kwargs : { ...kwargs, type };
}
