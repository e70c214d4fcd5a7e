import { z } from "zod";
import { AppError } from "../errors/app-error";
import { MAX_API_BODY_BYTES } from "../http/body-limits";
import { readBodyLimited } from "../http/read-body-limited";
import { findJsonValueProblem, formatJsonPath } from "../json/find-json-value-problem";
import { MAX_JSON_DEPTH } from "../json/json-limits";
import { assertStorableJson, parseJsonBodyUnchecked } from "../json/parse-json-body";
import { replaceUnstorable } from "../json/replace-unstorable";
import { MAX_TRAINING_STEP, trainingStepSchema } from "../traces/training-step-schema";

export type RewardBody = {
  body: unknown;
  /** Rollouts (by index) holding a value that cannot be stored, with the reason; their values are made storable in `body`. */
  unreadable: Map<number, string>;
};

/** A reward request's body bytes: 413 past the API limit, 408 when it stalls. */
export function readRewardBytes(request: Request): Promise<Uint8Array> {
  return readBodyLimited(request, MAX_API_BODY_BYTES, { advice: rewardBodyAdvice });
}

export const rewardBodyAdvice = "send the rollouts in several smaller batches";

/**
 * The JSON body of a reward request (400 with where it went wrong when it is not JSON). A NUL or a
 * lone surrogate inside one rollout (an element of one of `perRollout`'s arrays, which share
 * indices) makes that rollout unreadable, never the batch: a trainer's step must not crash on one
 * sample. Anywhere else in the envelope it is a 400.
 */
export function parseRewardBody(bytes: Uint8Array, { perRollout }: { perRollout: string[] }): RewardBody {
  const body = parseJsonBodyUnchecked(bytes);
  const unreadable = new Map<number, string>();
  // The parse has held the whole body to MAX_JSON_DEPTH, which is each rollout's limit too; what
  // is left to look for can only be written as an escape, so a body without one needs no walk.
  if (!mayEscapeUnstorable(bytes)) return { body, unreadable };
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const field of perRollout) {
      const items = record[field];
      if (!Array.isArray(items)) continue;
      record[field] = items.map((item, index) => {
        const problem = findJsonValueProblem(item, { maxDepth: MAX_JSON_DEPTH - 2 });
        if (!problem) return item;
        if (!unreadable.has(index)) unreadable.set(index, `${formatJsonPath([field, index, ...problem.path])}: ${problem.message}`);
        return replaceUnstorable(item);
      });
    }
  }
  assertStorableJson(body);
  return { body, unreadable };
}

const escapeStart = Buffer.from("\\u");

/**
 * Whether a JSON text may write a NUL or a lone surrogate. Valid UTF-8 holds no surrogate and JSON
 * no raw control character, so only a `\u0000` or `\ud800`-`\udfff` escape can (a pair for an emoji
 * answers yes too, and the values are then walked).
 */
function mayEscapeUnstorable(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = text.indexOf(escapeStart); at !== -1; at = text.indexOf(escapeStart, at + 2)) {
    const first = text[at + 2] ?? 0;
    const second = (text[at + 3] ?? 0) | 0x20; // lower case
    if (first === 0x30 ? text[at + 3] === 0x30 && text[at + 4] === 0x30 && text[at + 5] === 0x30 : (first | 0x20) === 0x64 && second >= 0x38 && second <= 0x66 && (second <= 0x39 || second >= 0x61)) return true;
  }
  return false;
}

/** What the reward servers read request headers through: a fetch Headers, or node's headers behind the same get. */
export type HeaderReader = { get(name: string): string | null };

// Digits only: "1e3" or "0x10" is not how a trainer writes a step.
const stepHeaderSchema = z.string().regex(/^\d{1,10}$/).transform(Number).pipe(trainingStepSchema);

/** The training run and step a trainer may send as `X-Goodhart-Run` / `X-Goodhart-Step` headers. */
export function readRunHeaders(headers: HeaderReader): { run?: string; step?: number } {
  const run = headers.get("x-goodhart-run")?.trim() || undefined;
  const rawStep = headers.get("x-goodhart-step")?.trim();
  if (!rawStep) return { run };
  const step = stepHeaderSchema.safeParse(rawStep);
  if (!step.success) throw new AppError("bad_request", `X-Goodhart-Step must be a whole number of at most ${MAX_TRAINING_STEP}`, [{ path: "X-Goodhart-Step", message: rawStep }]);
  return { run, step: step.data };
}
