import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asFiniteNumber, nonEmpty, omitKeys } from "../../json/json-value";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import type { FormatReader, Mapped } from "./format-reader";
import { mapSafely } from "./map-safely";
import { normalizeMessages, parseSource } from "./parse-source";

const conversationSchema = z.looseObject({
  messages: z.array(z.unknown()),
  id: z.union([z.string(), z.number()]).optional(),
});

/**
 * OpenAI chat conversations, one `{"messages": [...], ...}` per JSONL line (the fine-tuning and
 * eval layout). Tool replies are matched to the assistant's tool_calls by tool_call_id. A numeric
 * top-level `reward` (as RL datasets add) becomes outcome.reward; other top-level fields (tools,
 * metadata, ...) go to metadata. externalId: "openai:" + the top-level `id` when there is one.
 */
export const openaiReader: FormatReader = {
  mapRecord: (value) => mapSafely(undefined, () => mapConversation(value)),
  mapDocument: (value) =>
    Array.isArray(value)
      ? value.flatMap((item, index) => mapSafely(index, () => ({ ...mapConversation(item), index })))
      : mapSafely(undefined, () => mapConversation(value)),
};

function mapConversation(value: unknown): Mapped {
  const record = parseSource(conversationSchema, value);
  const steps = messagesToSteps(normalizeMessages(record.messages, "messages"));
  const reward = asFiniteNumber(record.reward);
  const trace: TraceInput = {
    ...deriveInputOutput(steps),
    steps,
    ...(reward !== null ? { outcome: { reward } } : {}),
    metadata: nonEmpty(omitKeys(record, ["messages", ...(reward !== null ? ["reward"] : [])])),
  };
  return { ok: true, trace, sourceId: record.id === undefined ? null : `openai:${record.id}` };
}
