import { setImmediate as nextTurn } from "node:timers/promises";
import type { z } from "zod";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { hashTrace, hashTraceAndScored } from "../traces/hash-trace";
import { SourceError } from "../traces/messages/source-error";
import type { ItemResult, Rubric } from "../checks/rubric-item-schema";
import { errorRolloutPrefix, sampleRolloutPrefix } from "../traces/rollout-external-id";
import { toSortableFloat } from "../traces/trace-rows";
import type { Trace } from "../traces/trace-schema";
import { findLlmItemAsker } from "../judges/find-llm-item-asker";
import type { LlmItemAsker } from "../checks/llm-item-asker";
import { resolveRewardVersion } from "./resolve-reward-version";
import { rolloutSchema, sampleIdSchema, type RewardRequest } from "./reward-request-schema";
import type { RewardApiAnswer, rolloutErrorSchema } from "./reward-answer-schema";
import { rolloutToTrace } from "./rollout-to-trace";
import { compileTraceScorer, type ScoredTrace, type TraceScorer } from "../checks/score-traces";
import { storeScoredRolloutsBatched } from "./store-scored-rollouts-batched";
import { findJudgedSamples } from "./find-judged-samples";
import type { ScoredRollout, StoredContent } from "./store-scored-rollouts";

export type RolloutError = z.infer<typeof rolloutErrorSchema>;
/** The API's answer (rewardAnswerSchema: "fail" refuses the request instead) and the version's item keys, in rubric order: the same for every rollout, scored or not. */
export type RewardAnswer = RewardApiAnswer & { itemKeys: readonly string[] };

/**
 * Scores a batch for the reward API and stores every scored rollout as a trace with its item
 * results. A rollout that cannot be read answers an error in its place and never fails the batch;
 * when the request names a run, it is stored too (marked, with its reason), so the run's
 * `reward/error_rate` counts it.
 */
export async function scoreRewardRequest(
  db: Db,
  {
    projectId,
    request,
    unreadable = new Map(),
    askLlmItem,
  }: {
    projectId: string;
    request: RewardRequest;
    /** Rollouts the caller already found unreadable, by index, with the reason (OpenRLHF queries it cannot split). */
    unreadable?: Map<number, string>;
    askLlmItem?: LlmItemAsker;
  },
): Promise<RewardAnswer> {
  const version = await resolveRewardVersion(db, { projectId, rubricVersionId: request.rubricVersionId, environment: request.environment });
  const onError = request.onRolloutError ?? request.onError ?? "error";
  const errors: RolloutError[] = [];
  const repeats = stepRepeats();
  const failed: Array<{ index: number; rollout: ScoredRollout }> = [];
  const good: Array<{ index: number; trace: Trace; sampleId?: string }> = [];
  for (const [index, raw] of request.rollouts.entries()) {
    if (index % turnEvery === turnEvery - 1) await nextTurn();
    const known = unreadable.get(index);
    const read = known ? { error: known } : readRollout(raw, index, { environment: version.environment, run: request.run, step: request.step });
    if ("trace" in read) {
      good.push({ index, trace: read.trace, sampleId: read.sampleId });
      continue;
    }
    errors.push({ index, status: "error", error: read.error });
    const marked = markedErrorTrace(raw, read.error, { environment: version.environment, run: request.run, step: request.step });
    if (!marked) continue;
    const contentHash = hashTrace(marked);
    const sampleId = sampleIdOf(raw);
    failed.push({
      index,
      rollout: sampleId
        ? { trace: marked, results: [], contentHash, externalId: `${sampleRolloutPrefix}${sampleId}`, isSameAs: (stored) => stored.contentHash === contentHash }
        : { trace: marked, results: [], contentHash, externalId: repeats.idOf(`${errorRolloutPrefix}${contentHash}`, marked) },
    });
  }
  if (onError === "fail" && errors.length) {
    throw new AppError("unprocessable", `${errors.length} of ${request.rollouts.length} rollouts cannot be scored; nothing was stored`, errors.map(({ index, error }) => ({ index, message: error })));
  }
  const asker = askLlmItem ?? (await findLlmItemAsker(db, { projectId, environment: version.environment, rubric: version.rubric }));
  // With llm judges to ask, a sample stored already with this content keeps its stored answers: no
  // judge is asked again. It still goes to the store, which finds it stored (and names its step's job).
  const judged = asker ? await findJudgedSamples(db, { projectId, rubric: version.rubric, itemIds: version.itemIds, rollouts: good }) : new Map<number, ScoredTrace>();
  const fresh = good.filter((_, i) => !judged.has(i));
  const freshScored = await (asker ? compileTraceScorer(version.rubric, { askLlmItem: asker }) : ruleScorerOf(version.rubric))(fresh.map(({ trace }) => trace));
  let nextFresh = 0;
  const scored = good.map((_, i) => judged.get(i) ?? freshScored[nextFresh++]!);
  // The reward is stored on the trace; the trace's id stays the hash of the rollout as sent.
  const scoredRollouts: ScoredRollout[] = [];
  for (const [i, { trace, sampleId }] of good.entries()) {
    if (i % turnEvery === turnEvery - 1) await nextTurn();
    // The reward as the trace's column keeps it, so the content hash is that of what is stored.
    const scoredReward = Number.isFinite(scored[i]!.reward) ? scored[i]!.reward : null;
    const reward = toSortableFloat(scoredReward);
    const outcome = { ...trace.outcome, reward };
    const { hash, scoredHash } = hashTraceAndScored(trace, outcome);
    const rollout = { trace: { ...trace, outcome }, results: scored[i]!.results, contentHash: scoredHash };
    scoredRollouts.push(
      sampleId
        ? { ...rollout, externalId: `${sampleRolloutPrefix}${sampleId}`, isSameAs: isSameScoredRollout(trace, { reward, scoredReward, scoredHash }) }
        : { ...rollout, externalId: repeats.idOf(`rollout:${hash}`, trace) },
    );
  }
  const stored = await storeScoredRolloutsBatched(db, { projectId, itemIds: version.itemIds, rollouts: [...scoredRollouts, ...failed.map(({ rollout }) => rollout)] });
  // A sample id stored with other content: this rollout is not stored, and says so in its place.
  const conflicting = new Map<number, string>();
  for (const at of stored.conflicts) {
    const index = at < good.length ? good[at]!.index : failed[at - good.length]!.index;
    const sampleId = good[at]?.sampleId ?? sampleIdOf(request.rollouts[index]);
    const error = `rollouts[${index}].sampleId: "${sampleId}" is stored already with other content (trace ${stored.traceIds[at]}); a sample id names one rollout, so this one was not stored`;
    conflicting.set(index, error);
    const known = errors.find((entry) => entry.index === index);
    if (known) known.error = `${known.error}; ${error}`;
    else errors.push({ index, status: "error", error });
  }
  if (conflicting.size) errors.sort((a, b) => a.index - b.index);
  if (onError === "fail" && conflicting.size) {
    throw new AppError(
      "unprocessable",
      `${conflicting.size} of ${request.rollouts.length} rollouts name a sample id stored with other content; the others were stored (sending them again stores nothing new)`,
      [...conflicting].map(([index, message]) => ({ index, message })),
    );
  }

  const count = request.rollouts.length;
  const rewards: Array<number | null> = new Array(count).fill(null);
  const results: ItemResult[][] = new Array(count);
  const traceIds: Array<string | null> = new Array(count).fill(null);
  good.forEach(({ index }, i) => {
    if (conflicting.has(index)) return;
    rewards[index] = scored[i]!.reward;
    results[index] = scored[i]!.results;
    traceIds[index] = stored.traceIds[i]!;
  });
  for (const { index, error } of errors) {
    rewards[index] = onError === "zero" ? 0 : null;
    results[index] = [{ key: "error", answer: "n/a", evidence: error }];
  }
  return { rubricVersionId: version.id, itemKeys: itemKeysOf(version.rubric), rewards, results, errors, traceIds, jobIds: stored.jobIds };
}

/**
 * A step's batch is the trainer's samples: a GRPO group often holds the same completion several
 * times, and each is one sample of the step's reward, error rate and item rates. So within one
 * request the n-th copy (n >= 2) of a rollout that names a step is its own trace (`ID#n`); the same
 * request sent again gives the same ids and stores nothing new. Outside a step a copy is one trace.
 */
function stepRepeats() {
  const seen = new Map<string, number>();
  return {
    idOf(externalId: string, trace: Pick<Trace, "step">): string {
      if (trace.step === null || trace.step === undefined) return externalId;
      const copy = (seen.get(externalId) ?? 0) + 1;
      seen.set(externalId, copy);
      return copy === 1 ? externalId : `${externalId}#${copy}`;
    },
  };
}

/**
 * Whether a trace stored under this rollout's sample id is this rollout: the same content hash, taken
 * with the stored reward (a rubric's answer, an llm judge's, can change between a send and its retry).
 */
function isSameScoredRollout(trace: Trace, { reward, scoredReward, scoredHash }: { reward: number | null; scoredReward: number | null; scoredHash: string }) {
  const hashWith = (other: number | null) => hashTraceAndScored(trace, { ...trace.outcome, reward: other }).scoredHash;
  return (stored: StoredContent): boolean => {
    if (stored.reward !== reward) return stored.contentHash === hashWith(stored.reward);
    // A trace stored before eb0e37b has the hash of the reward as scored, with all its digits.
    return stored.contentHash === scoredHash || (scoredReward !== reward && stored.contentHash === hashWith(scoredReward));
  };
}

/** The rollout's own sample id when it is a valid one (an unreadable rollout's included). */
function sampleIdOf(raw: unknown): string | undefined {
  const own = typeof raw === "object" && raw !== null ? (raw as { sampleId?: unknown }).sampleId : undefined;
  return sampleIdSchema.safeParse(own).success ? (own as string) : undefined;
}

// An approved version's rubric is cached for the process and never changes (resolve-reward-version.ts),
// so what a request derives from it alone is made once per rubric, not once per request.
const ruleScorers = new WeakMap<Rubric, TraceScorer>();
const itemKeysOfRubric = new WeakMap<Rubric, readonly string[]>();

/** The scorer of a rubric whose llm items have no judge to ask (they answer n/a, with the reason). */
function ruleScorerOf(rubric: Rubric): TraceScorer {
  let scorer = ruleScorers.get(rubric);
  if (!scorer) ruleScorers.set(rubric, (scorer = compileTraceScorer(rubric)));
  return scorer;
}

function itemKeysOf(rubric: Rubric): readonly string[] {
  let keys = itemKeysOfRubric.get(rubric);
  if (!keys) itemKeysOfRubric.set(rubric, (keys = rubric.items.map((item) => item.key)));
  return keys;
}

// A batch at the body limit is 8,192 rollouts; reading and hashing them gives the event loop a turn
// every few hundred, so /api/health and other requests are not held behind one batch.
const turnEvery = 256;

type Context = { environment: string; run?: string; step?: number };

function readRollout(raw: unknown, index: number, context: Context): { trace: Trace; sampleId?: string } | { error: string } {
  const parsed = rolloutSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join(".")}` : "";
    return { error: `rollouts[${index}]${where}: ${issue?.message ?? "invalid rollout"}` };
  }
  try {
    return { trace: rolloutToTrace(parsed.data, context), sampleId: parsed.data.sampleId };
  } catch (error) {
    if (error instanceof SourceError) return { error: `rollouts[${index}].${error.message}` };
    throw error;
  }
}

// Only rollouts of a named run are kept: the run's error rate is counted from its stored rollouts.
function markedErrorTrace(raw: unknown, error: string, { environment, run, step }: Context): Trace | null {
  const own = typeof raw === "object" && raw !== null ? (raw as { run?: unknown; step?: unknown }) : {};
  const runRef = typeof own.run === "string" && own.run ? own.run : run;
  const stepOf = typeof own.step === "number" && Number.isInteger(own.step) && own.step >= 0 ? own.step : step;
  if (!runRef || stepOf === undefined) return null;
  return { source: "rollout", environment, task: null, run: runRef, step: stepOf, input: null, output: null, metadata: { rewardError: error, rollout: raw }, steps: [] };
}
