import { setImmediate as nextTurn } from "node:timers/promises";
import { providerOfDb, type Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { hashTrace, hashTraceAndScored } from "../traces/hash-trace";
import { SourceError } from "../traces/messages/source-error";
import type { ItemResult, Rubric } from "../checks/rubric-item-schema";
import { errorRolloutPrefix } from "../traces/rollout-external-id";
import type { Trace } from "../traces/trace-schema";
import { findLlmItemAsker } from "../judges/find-llm-item-asker";
import type { LlmItemAsker } from "../checks/llm-item-asker";
import { resolveRewardVersion } from "./resolve-reward-version";
import { rolloutSchema, type RewardRequest } from "./reward-request-schema";
import { rolloutToTrace } from "./rollout-to-trace";
import { compileTraceScorer, type ScoredTrace, type TraceScorer } from "../checks/score-traces";
import { storeScoredRolloutsBatched } from "./store-scored-rollouts-batched";
import type { ScoredRollout } from "./store-scored-rollouts";

export type RolloutError = { index: number; status: "error"; error: string };
export type RewardAnswer = {
  rubricVersionId: string;
  /** The version's item keys, in rubric order: the same for every rollout, scored or not. */
  itemKeys: readonly string[];
  /** One per rollout, in order; a rollout that cannot be scored gets null (0 with onRolloutError "zero") and an entry in errors; "fail" refuses the request. */
  rewards: Array<number | null>;
  /** Each rollout's item results, in rubric order; an unscored rollout's single entry carries the reason. */
  results: ItemResult[][];
  errors: RolloutError[];
  traceIds: Array<string | null>;
  /** The pipeline events these rollouts queued for the named run (GET /api/v1/jobs/{id}): its step metrics, then its divergence and drift, follow them. */
  jobIds: string[];
};

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
  const context: Context = { environment: version.environment, run: request.run, step: request.step };
  const asker = askLlmItem ?? (await findLlmItemAsker(db, { projectId, environment: version.environment, rubric: version.rubric }));
  const score = asker ? compileTraceScorer(version.rubric, { askLlmItem: asker }) : ruleScorerOf(version.rubric);
  const count = request.rollouts.length;
  const rewards: Array<number | null> = new Array(count).fill(null);
  const results: ItemResult[][] = new Array(count);
  const traceIds: Array<string | null> = new Array(count).fill(null);
  const errors: RolloutError[] = [];
  // On PostgreSQL each part goes to the store as soon as it is scored, so the database writes one part
  // while this process scores the next. One part for the rest: "fail" refuses before anything is
  // stored, an llm judge's questions are asked all at once, and SQLite's store runs in this process.
  const partSize = onError === "fail" || asker || providerOfDb(db) !== "postgresql" ? Math.max(count, 1) : rolloutsPerPart;
  const writes: Array<Promise<string[]>> = [];
  for (let start = 0; start < count; start += partSize) {
    const { good, failed } = await readPart(request.rollouts, start, Math.min(start + partSize, count), { unreadable, context, errors });
    if (onError === "fail" && errors.length) {
      throw new AppError("unprocessable", `${errors.length} of ${count} rollouts cannot be scored; nothing was stored`, errors.map(({ index, error }) => ({ index, message: error })));
    }
    const scored = await score(good.map(({ trace }) => trace));
    good.forEach(({ index }, i) => {
      rewards[index] = scored[i]!.reward;
      results[index] = scored[i]!.results;
    });
    const write = storeScoredRolloutsBatched(db, { projectId, itemIds: version.itemIds, rollouts: [...(await withRewards(good, scored)), ...failed] }).then((stored) => {
      good.forEach(({ index }, i) => (traceIds[index] = stored.traceIds[i]!));
      return stored.jobIds;
    });
    // Settled with the others below; a part that fails meanwhile must not be an unhandled rejection.
    write.catch(() => {});
    writes.push(write);
  }
  // Every part is committed or has failed before the request is answered; a resend finds the parts stored.
  const settled = await Promise.allSettled(writes);
  const jobIds = new Set<string>();
  for (const outcome of settled) {
    if (outcome.status === "rejected") throw outcome.reason;
    for (const jobId of outcome.value) jobIds.add(jobId);
  }
  for (const { index, error } of errors) {
    rewards[index] = onError === "zero" ? 0 : null;
    results[index] = [{ key: "error", answer: "n/a", evidence: error }];
  }
  return { rubricVersionId: version.id, itemKeys: itemKeysOf(version.rubric), rewards, results, errors, traceIds, jobIds: [...jobIds] };
}

/** Reads rollouts [start, end): their traces, and the unreadable ones' errors (and marked traces, when they name a run). */
async function readPart(
  rollouts: unknown[],
  start: number,
  end: number,
  { unreadable, context, errors }: { unreadable: Map<number, string>; context: Context; errors: RolloutError[] },
) {
  const good: Array<{ index: number; trace: Trace }> = [];
  const failed: ScoredRollout[] = [];
  for (let index = start; index < end; index++) {
    if (index % turnEvery === turnEvery - 1) await nextTurn();
    const raw = rollouts[index];
    const known = unreadable.get(index);
    const read = known ? { error: known } : readRollout(raw, index, context);
    if ("trace" in read) {
      good.push({ index, trace: read.trace });
      continue;
    }
    errors.push({ index, status: "error", error: read.error });
    const marked = markedErrorTrace(raw, read.error, context);
    if (marked) failed.push({ trace: marked, results: [], externalId: `${errorRolloutPrefix}${hashTrace(marked)}` });
  }
  return { good, failed };
}

// The reward is stored on the trace; the trace's id stays the hash of the rollout as sent.
async function withRewards(good: Array<{ trace: Trace }>, scored: ScoredTrace[]): Promise<ScoredRollout[]> {
  const rollouts: ScoredRollout[] = [];
  for (const [i, { trace }] of good.entries()) {
    if (i % turnEvery === turnEvery - 1) await nextTurn();
    const reward = Number.isFinite(scored[i]!.reward) ? scored[i]!.reward : null;
    const outcome = { ...trace.outcome, reward };
    const { hash, scoredHash } = hashTraceAndScored(trace, outcome);
    rollouts.push({ trace: { ...trace, outcome }, results: scored[i]!.results, externalId: `rollout:${hash}`, contentHash: scoredHash });
  }
  return rollouts;
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
// Rollouts a part on PostgreSQL (docs/performance.md, "Batches overlap scoring and storing").
const rolloutsPerPart = 256;

type Context = { environment: string; run?: string; step?: number };

function readRollout(raw: unknown, index: number, context: Context): { trace: Trace } | { error: string } {
  const parsed = rolloutSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join(".")}` : "";
    return { error: `rollouts[${index}]${where}: ${issue?.message ?? "invalid rollout"}` };
  }
  try {
    return { trace: rolloutToTrace(parsed.data, context) };
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
