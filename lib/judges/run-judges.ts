import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { AppError } from "../errors/app-error";
import { parseStoredConfig } from "./judge-config-schema";
import { createJudgingContext, judgeTrace, type PanelJudge, type VerdictOutcome } from "./judge-trace";
import { hasReasoning } from "./cot-monitor";
import { loadJudgedTraces } from "./load-judged-traces";

export type JudgeRunTotals = { verdicts: number; cached: number; errors: number; skipped: number; requests: number; tokensIn: number; tokensOut: number; costUsd: number };
export type JudgeRunResult = JudgeRunTotals & { traces: number; perJudge: Array<JudgeRunTotals & { judgeId: string; versionId: string; name: string }> };
export type RunJudgesOptions = {
  projectId: string;
  judgeIds: string[];
  traceIds: string[];
  /** The judges.run job; stored on each verdict it made. */
  jobId?: string | null;
  signal?: AbortSignal;
  onProgress?: (fraction: number, message: string) => unknown;
};

/** Traces loaded and judged per round; verdicts are written every `flushEvery`. */
const batchSize = 200;
const flushEvery = 50;
/** Judge calls in flight at once; each LLM endpoint's own limit gates below this. */
const poolSize = 256;
const keyChunk = 400;

/** The cache key of a verdict: the exact judge version and the trace's content. */
export function verdictCacheKey(versionId: string, contentHash: string): string {
  return `sha256:${createHash("sha256").update(`${versionId}\n${contentHash}`).digest("hex")}`;
}

/**
 * Runs each judge's latest version over the traces and stores one Verdict per (version, trace).
 * A verdict whose cache key (version, content hash) is already stored without an error is kept,
 * or copied from a trace with the same content, so re-running makes no requests; error verdicts
 * are tried again. Failures of one verdict never stop the run: they are the verdict's error.
 */
export async function runJudges(db: Db, { projectId, judgeIds, traceIds, jobId = null, signal, onProgress }: RunJudgesOptions): Promise<JudgeRunResult> {
  const judges = await loadPanel(db, { projectId, judgeIds });
  const context = createJudgingContext(db, { projectId, signal });
  const perJudge = new Map(judges.map((judge) => [judge.versionId, { judgeId: judge.judgeId, versionId: judge.versionId, name: judge.name, ...emptyTotals() }]));
  const total = traceIds.length * judges.length;
  let done = 0;
  const progress = () => onProgress?.(total ? done / total : 1, `${done} of ${total} verdicts`);

  const pending: VerdictRow[] = [];
  let writing = Promise.resolve();
  const flush = () => {
    const rows = pending.splice(0);
    writing = writing.then(() => writeVerdicts(db, rows));
    return writing;
  };
  // Batches are loaded as the pool drains the previous one, so requests never wait on a batch boundary.
  async function* workItems() {
    for (let start = 0; start < traceIds.length; start += batchSize) {
      if (signal?.aborted) return;
      const traces = await loadJudgedTraces(db, { projectId, traceIds: traceIds.slice(start, start + batchSize) });
      const cached = await findCachedVerdicts(db, { judges, traces });
      const work: WorkItem[] = [];
      for (const judge of judges) {
        const totals = perJudge.get(judge.versionId)!;
        for (const target of traces) {
          const cacheKey = verdictCacheKey(judge.versionId, target.contentHash);
          if (cached.own.has(`${judge.versionId}:${target.id}`)) {
            totals.cached++;
            continue;
          }
          const donor = cached.byKey.get(cacheKey);
          if (donor) {
            totals.cached++;
            pending.push({ ...donor, traceId: target.id, projectId, jobId, costUsd: 0, tokensIn: null, tokensOut: null, latencyMs: 0 });
            continue;
          }
          // A judge bound to another environment does not judge this trace (simulated ones refuse, as an error).
          if (judge.environment && !judge.isSimulated && judge.environment !== target.trace.environment) {
            totals.skipped++;
            continue;
          }
          // The chain-of-thought monitor on a trace without reasoning: n/a, no verdict (never a pass).
          if (judge.config.kind === "cot" && !hasReasoning(target.trace)) {
            totals.skipped++;
            continue;
          }
          work.push({ judge, target, cacheKey });
        }
      }
      done += traces.length * judges.length - work.length;
      await progress();
      yield* work;
    }
  }
  await runPool(workItems(), poolSize, async ({ judge, target, cacheKey }) => {
    // Cancelled: what is left of the batch is not started.
    if (signal?.aborted) return;
    const outcome = await judgeTrace(judge, target, context);
    // A request cut off by the cancel is not the judge's error: store nothing, a later run asks again.
    if (signal?.aborted) return;
    addOutcome(perJudge.get(judge.versionId)!, outcome);
    pending.push(toRow(outcome, { projectId, traceId: target.id, judgeVersionId: judge.versionId, cacheKey, jobId }));
    done++;
    if (pending.length >= flushEvery) await flush();
    await progress();
  });
  await flush();
  if (signal?.aborted) throw new Error("judge run cancelled");
  const rows = [...perJudge.values()];
  return { traces: traceIds.length, ...sumTotals(rows), perJudge: rows };
}

type WorkItem = { judge: PanelJudge; target: Awaited<ReturnType<typeof loadJudgedTraces>>[number]; cacheKey: string };

type VerdictRow = {
  projectId: string;
  traceId: string;
  judgeVersionId: string;
  label: string;
  score: number | null;
  rationale: string | null;
  issues: string[];
  error: string | null;
  costUsd: number | null;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number | null;
  cacheKey: string;
  jobId: string | null;
};

async function loadPanel(db: Db, { projectId, judgeIds }: { projectId: string; judgeIds: string[] }): Promise<Array<PanelJudge & { environment: string | null }>> {
  const rows = await db.judge.findMany({ where: { projectId, id: { in: judgeIds } }, include: { versions: { orderBy: { version: "desc" }, take: 1 } } });
  // Which position, never which id: an error must not repeat an id that may be another project's.
  const missing = judgeIds.flatMap((id, index) => (rows.some((row) => row.id === id && row.versions.length > 0) ? [] : [{ path: `judgeIds[${index}]`, message: "no such judge in this project" }]));
  if (missing.length) throw new AppError("not_found", "Judge not found", missing);
  return rows.map((row) => ({
    judgeId: row.id,
    versionId: row.versions[0]!.id,
    name: row.name,
    kind: row.kind,
    isSimulated: row.isSimulated,
    environment: row.environment,
    config: parseStoredConfig(row.kind, row.versions[0]!.config),
  }));
}

/** Verdicts already stored for these pairs, and error-free verdicts of the same version on equal content. */
async function findCachedVerdicts(db: Db, { judges, traces }: { judges: PanelJudge[]; traces: Array<{ id: string; contentHash: string }> }) {
  const versionIds = judges.map((judge) => judge.versionId);
  const keys = judges.flatMap((judge) => traces.map((trace) => verdictCacheKey(judge.versionId, trace.contentHash)));
  const found = [];
  // In chunks: SQLite binds at most a few hundred parameters per statement.
  for (let start = 0; start < keys.length; start += keyChunk) {
    found.push(...(await db.verdict.findMany({ where: { judgeVersionId: { in: versionIds }, cacheKey: { in: keys.slice(start, start + keyChunk) }, error: null } })));
  }
  const own = new Set<string>();
  const byKey = new Map<string, Omit<VerdictRow, "traceId" | "projectId" | "jobId">>();
  const traceIds = new Set(traces.map((trace) => trace.id));
  for (const verdict of found) {
    if (traceIds.has(verdict.traceId)) own.add(`${verdict.judgeVersionId}:${verdict.traceId}`);
    byKey.set(verdict.cacheKey!, {
      judgeVersionId: verdict.judgeVersionId,
      label: verdict.label,
      score: verdict.score,
      rationale: verdict.rationale,
      issues: (verdict.issues as string[] | null) ?? [],
      error: null,
      costUsd: verdict.costUsd,
      tokensIn: verdict.tokensIn,
      tokensOut: verdict.tokensOut,
      latencyMs: verdict.latencyMs,
      cacheKey: verdict.cacheKey!,
    });
  }
  return { own, byKey };
}

/** Replaces any earlier verdict of the same (version, trace): an error verdict retried, say. */
async function writeVerdicts(db: Db, rows: VerdictRow[]) {
  if (rows.length === 0) return;
  const byVersion = new Map<string, string[]>();
  for (const row of rows) byVersion.set(row.judgeVersionId, [...(byVersion.get(row.judgeVersionId) ?? []), row.traceId]);
  await retryOnBusy(() => db.$transaction([
    db.verdict.deleteMany({ where: { OR: [...byVersion].map(([judgeVersionId, traceIds]) => ({ judgeVersionId, traceId: { in: traceIds } })) } }),
    db.verdict.createMany({ data: rows }),
  ]));
}

function toRow(outcome: VerdictOutcome, ids: Pick<VerdictRow, "projectId" | "traceId" | "judgeVersionId" | "cacheKey" | "jobId">): VerdictRow {
  return {
    ...ids,
    label: outcome.label,
    score: outcome.score,
    rationale: outcome.rationale,
    issues: outcome.issues,
    error: outcome.error,
    costUsd: outcome.costUsd,
    tokensIn: outcome.tokensIn,
    tokensOut: outcome.tokensOut,
    latencyMs: outcome.latencyMs,
  };
}

/** `size` lanes pulling from one async iterator (an async generator queues concurrent next() calls). */
async function runPool<T>(items: AsyncIterator<T>, size: number, work: (item: T) => Promise<void>) {
  const lanes = Array.from({ length: size }, async () => {
    for (let next = await items.next(); !next.done; next = await items.next()) await work(next.value);
  });
  await Promise.all(lanes);
}

function emptyTotals(): JudgeRunTotals {
  return { verdicts: 0, cached: 0, errors: 0, skipped: 0, requests: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 };
}

function addOutcome(totals: JudgeRunTotals, outcome: VerdictOutcome) {
  totals.verdicts++;
  if (outcome.error) totals.errors++;
  totals.requests += outcome.requests;
  totals.tokensIn += outcome.tokensIn ?? 0;
  totals.tokensOut += outcome.tokensOut ?? 0;
  totals.costUsd += outcome.costUsd ?? 0;
}

function sumTotals(rows: JudgeRunTotals[]): JudgeRunTotals {
  return rows.reduce((sum, row) => {
    for (const key of Object.keys(sum) as Array<keyof JudgeRunTotals>) sum[key] += row[key];
    return sum;
  }, emptyTotals());
}
