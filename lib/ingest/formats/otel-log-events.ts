import type { ChatMessage } from "../../traces/messages/chat-message";
import { asString, isRecord, omitKeys, type JsonObject } from "../../json/json-value";
import { readSpanMessages, safely } from "./otel-span-messages";

/** One OTLP log record that is a GenAI event, tied to its span by traceId and spanId. */
export type OtelLogEvent = {
  traceId: string;
  spanId: string | null;
  /** gen_ai.user.message, gen_ai.choice, ... (the record's eventName, or its event.name attribute). */
  name: string;
  body: unknown;
  attributes: JsonObject;
  time: bigint | null;
  /** The record as stored: every field, attributes and body decoded. */
  raw: JsonObject;
};

const roleOfEvent: Record<string, string> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};

// The current semantic conventions put a whole call in one event, with the span's message attributes.
const operationDetails = "gen_ai.client.inference.operation.details";

export const genAiEventNames = [...Object.keys(roleOfEvent), "gen_ai.choice", operationDetails];

/**
 * The messages of GenAI log events (as @opentelemetry/instrumentation-openai emits them): message
 * events are the call's input, `gen_ai.choice` events its output. Bodies are `{content,
 * tool_calls?, id?}` and, for a choice, `{index, finish_reason, message}`.
 */
export function readLogEventMessages(events: readonly OtelLogEvent[]): { input: ChatMessage[]; output: ChatMessage[] } {
  const input: ChatMessage[] = [];
  const output: ChatMessage[] = [];
  for (const event of events) {
    if (event.name === operationDetails) {
      const messages = readSpanMessages(event.attributes);
      input.push(...messages.input);
      output.push(...messages.output);
      continue;
    }
    const body = isRecord(event.body) ? event.body : { content: event.body };
    if (event.name === "gen_ai.choice") {
      const message = isRecord(body.message) ? body.message : {};
      const extra = omitKeys(body, ["message"]);
      output.push(...safely({ ...message, role: message.role ?? "assistant", ...(Object.keys(extra).length > 0 ? { choice: extra } : {}) }));
      continue;
    }
    const role = roleOfEvent[event.name];
    if (!role) continue;
    const { id, ...rest } = body;
    input.push(...safely({ ...rest, role: asString(body.role) ?? role, ...(role === "tool" && id !== undefined ? { tool_call_id: id } : {}) }));
  }
  return { input, output };
}
