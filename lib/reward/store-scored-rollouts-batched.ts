import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { enqueueRunDivergence } from "../monitor/run-divergence-job";
import { recordRolloutStepMetrics } from "./record-rollout-step-metrics";
import { storeScoredRollouts, type ScoredRollout, type StoredRollouts } from "./store-scored-rollouts";

type Write = { projectId: string; itemIds: Map<string, string>; rollouts: ScoredRollout[] };
/** jobIds: the divergence/drift jobs this write's runs were queued for (one pending job per run). */
type BatchedStore = Pick<StoredRollouts, "traceIds" | "runIds"> & { jobIds: string[] };
type Pending = Write & { resolve: (stored: BatchedStore) => void; reject: (error: unknown) => void };
type Queue = { pending: Pending[]; isFlushing: boolean; timer: NodeJS.Timeout | null };

// Long enough to gather the requests a trainer sends at once, short next to one request's time.
const windowMs = 2;
const maxRolloutsPerFlush = 8192;
const queues = new WeakMap<Db, Queue>();

/**
 * storeScoredRollouts for many concurrent requests at once: writes arriving within a short window
 * (or while the previous write runs) are stored together, and each caller's promise settles only
 * when its own rows are committed, or rejects with the write's error. One flush at a time per
 * database client, so the step metrics it recomputes after each commit are never stale.
 */
export function storeScoredRolloutsBatched(db: Db, write: Write): Promise<BatchedStore> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { pending: [], isFlushing: false, timer: null }));
  const promise = new Promise<BatchedStore>((resolve, reject) => queue.pending.push({ ...write, resolve, reject }));
  schedule(db, queue);
  return promise;
}

function schedule(db: Db, queue: Queue) {
  if (queue.isFlushing || queue.timer || queue.pending.length === 0) return;
  queue.timer = setTimeout(() => {
    queue.timer = null;
    void flush(db, queue);
  }, windowMs);
}

async function flush(db: Db, queue: Queue) {
  queue.isFlushing = true;
  const batch = takeBatch(queue);
  try {
    // One write per rubric version (its cached itemIds map, which also fixes the project).
    const groups = new Map<Map<string, string>, Pending[]>();
    for (const write of batch) {
      const group = groups.get(write.itemIds);
      if (group) group.push(write);
      else groups.set(write.itemIds, [write]);
    }
    const touched: Array<{ runId: string; step: number }> = [];
    for (const writes of groups.values()) {
      try {
        const { projectId, itemIds } = writes[0]!;
        const stored = await storeScoredRollouts(db, { projectId, itemIds, rollouts: writes.flatMap((w) => w.rollouts) });
        let offset = 0;
        const jobOfRun = new Map<string, string>();
        const settled = writes.map((write) => {
          const end = offset + write.rollouts.length;
          const mine: BatchedStore = { traceIds: stored.traceIds.slice(offset, end), runIds: stored.runIds.slice(offset, end), jobIds: [] };
          write.rollouts.forEach(({ trace }, i) => {
            const runId = mine.runIds[i];
            if (runId && trace.step !== null && trace.step !== undefined) touched.push({ runId, step: trace.step });
          });
          offset = end;
          return () => write.resolve({ ...mine, jobIds: [...new Set(mine.runIds.flatMap((runId) => (runId && jobOfRun.has(runId) ? [jobOfRun.get(runId)!] : [])))] });
        });
        const steps = touched.splice(0);
        await recordRolloutStepMetrics(db, steps);
        // The run's new step metrics are what divergence and drift detection read.
        for (const runId of new Set(steps.map((point) => point.runId))) jobOfRun.set(runId, (await retryOnBusy(() => enqueueRunDivergence(db, { projectId, runId }))).job.id);
        for (const resolve of settled) resolve();
      } catch (error) {
        for (const write of writes) write.reject(error);
      }
    }
  } finally {
    queue.isFlushing = false;
    schedule(db, queue);
  }
}

function takeBatch(queue: Queue): Pending[] {
  let count = 0;
  let taken = 0;
  while (taken < queue.pending.length && (taken === 0 || count + queue.pending[taken]!.rollouts.length <= maxRolloutsPerFlush)) {
    count += queue.pending[taken]!.rollouts.length;
    taken += 1;
  }
  return queue.pending.splice(0, taken);
}
