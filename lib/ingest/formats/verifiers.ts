import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asString, deepEqual, nonEmpty, omitKeys, type JsonObject } from "../../json/json-value";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import type { FormatReader, MapContext, Mapped } from "./format-reader";
import { mapSafely } from "./map-safely";
import { normalizeMessages, parseSource } from "./parse-source";

const messagesOrText = z.union([z.string(), z.array(z.unknown())]).nullish();

const rolloutSchema = z.looseObject({
  example_id: z.union([z.string(), z.number()]).optional(),
  prompt: messagesOrText,
  completion: messagesOrText,
  reward: z.number().nullish(),
  metrics: z.record(z.string(), z.unknown()).nullish(),
  task: z.string().nullish(),
}).refine((rollout) => rollout.prompt != null || rollout.completion != null, { message: "a verifiers rollout needs a prompt or a completion", path: ["prompt"] });

/**
 * verifiers (prime-rl) `results.jsonl`: one RolloutOutput per line. Steps are the prompt then the
 * completion messages (a string prompt or completion is one user or assistant message).
 * outcome.reward = reward; scores = the numeric `metrics` (verifiers also copies each metric to a
 * top-level key; those copies are not repeated in metadata). verifiers has no pass/fail, so
 * success is left unset. environment = metadata.json's env_id (else `task`), task = example_id.
 * A metadata.json beside the file is copied into every trace as metadata.evalMetadata.
 * Rollouts carry no unique id (example_id repeats across rollouts), so externalId is the content hash.
 */
export const verifiersReader: FormatReader = {
  mapRecord: (value, context) => mapSafely(undefined, () => mapRollout(value, context)),
  mapDocument: (value, context) =>
    Array.isArray(value)
      ? value.flatMap((item, index) => mapSafely(index, () => ({ ...mapRollout(item, context), index })))
      : mapSafely(undefined, () => mapRollout(value, context)),
};

function mapRollout(value: unknown, { sidecarMetadata }: MapContext): Mapped {
  const rollout = parseSource(rolloutSchema, value);
  const messages = [...messagesOf(rollout.prompt, "prompt", "user"), ...messagesOf(rollout.completion, "completion", "assistant")];
  const steps = messagesToSteps(messages);
  const metrics = rollout.metrics ?? {};
  const scores: Record<string, number> = {};
  const otherMetrics: JsonObject = {};
  for (const [key, item] of Object.entries(metrics)) {
    if (typeof item === "number" && Number.isFinite(item)) scores[key] = item;
    else otherMetrics[key] = item;
  }
  const flattenedCopies = Object.keys(metrics).filter((key) => deepEqual(rollout[key], metrics[key]));
  const rest = omitKeys(rollout, ["prompt", "completion", "reward", "metrics", ...flattenedCopies]);
  const evalMetadata = sidecarMetadata;
  const trace: TraceInput = {
    source: "rollout",
    environment: asString(evalMetadata?.env_id) ?? rollout.task ?? null,
    task: rollout.example_id === undefined ? null : String(rollout.example_id),
    ...deriveInputOutput(steps),
    outcome: {
      ...(typeof rollout.reward === "number" ? { reward: rollout.reward } : {}),
      ...(Object.keys(scores).length > 0 ? { scores } : {}),
    },
    metadata: nonEmpty({
      ...rest,
      ...(Object.keys(otherMetrics).length > 0 ? { metrics: otherMetrics } : {}),
      ...(evalMetadata ? { evalMetadata } : {}),
    }),
    steps,
  };
  return { ok: true, trace, sourceId: null };
}

function messagesOf(value: string | unknown[] | null | undefined, path: string, role: "user" | "assistant"): ChatMessage[] {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") return [{ role, content: value, toolCalls: [] }];
  return normalizeMessages(value, path);
}
