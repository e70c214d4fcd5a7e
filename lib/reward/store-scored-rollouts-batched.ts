import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { emitPipelineEvent } from "../jobs/pipeline-event";
import { storeScoredRollouts, type ScoredRollout, type StoredRollouts } from "./store-scored-rollouts";

type Write = { projectId: string; itemIds: Map<string, string>; rollouts: ScoredRollout[] };
/** jobIds: the pipeline events this write's run steps queued (the run's bookkeeping, then its monitor, follow them). */
type BatchedStore = Pick<StoredRollouts, "traceIds" | "runIds" | "conflicts"> & { jobIds: string[] };
type Pending = Write & { resolve: (stored: BatchedStore) => void; reject: (error: unknown) => void };
type Queue = { pending: Pending[]; isFlushing: boolean; timer: NodeJS.Timeout | null };

// Long enough to gather the requests a trainer sends at once, short next to one request's time.
const windowMs = 2;
const maxRolloutsPerFlush = 8192;
const queues = new WeakMap<Db, Queue>();

/**
 * storeScoredRollouts for many concurrent requests at once: writes arriving within a short window
 * (or while the previous write runs) are stored together, and each caller's promise settles only
 * when its own rows are committed, or rejects with the write's error. After each commit it says
 * which run steps got rollouts (one coalesced event per step); the run's bookkeeping follows as a
 * job, and a failure to queue it never fails the stored write.
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
    for (const writes of groups.values()) await storeTogether(db, writes);
  } finally {
    queue.isFlushing = false;
    schedule(db, queue);
  }
}

/**
 * One transaction for the writes of one rubric version. When it fails and holds several requests'
 * writes, each is tried again on its own, so one request's bad rollout fails that request only and
 * the others are stored and answered as if they had come alone.
 */
async function storeTogether(db: Db, writes: Pending[]): Promise<void> {
  const { projectId, itemIds } = writes[0]!;
  let stored: StoredRollouts;
  try {
    stored = await storeScoredRollouts(db, { projectId, itemIds, rollouts: writes.flatMap((w) => w.rollouts) });
  } catch (error) {
    if (writes.length === 1) writes[0]!.reject(error);
    else for (const write of writes) await storeTogether(db, [write]);
    return;
  }
  try {
    let offset = 0;
    const settled = writes.map((write) => {
      const end = offset + write.rollouts.length;
      const conflicts = stored.conflicts.filter((index) => index >= offset && index < end).map((index) => index - offset);
      const mine = { traceIds: stored.traceIds.slice(offset, end), runIds: stored.runIds.slice(offset, end), conflicts };
      const steps = new Set<string>();
      write.rollouts.forEach(({ trace }, i) => {
        const runId = mine.runIds[i];
        if (runId && trace.step !== null && trace.step !== undefined) steps.add(`${runId} ${trace.step}`);
      });
      offset = end;
      return { write, mine, steps };
    });
    const eventOfStep = await announceSteps(db, projectId, new Set(settled.flatMap(({ steps }) => [...steps])));
    for (const { write, mine, steps } of settled) write.resolve({ ...mine, jobIds: [...new Set([...steps].flatMap((step) => eventOfStep.get(step) ?? []))] });
  } catch (error) {
    for (const write of writes) write.reject(error);
  }
}

/**
 * One rollouts.stored event per run step (coalesced while queued). The rollouts are stored whatever
 * happens here: a step whose event cannot be queued is logged and left out of the answer's jobIds.
 */
async function announceSteps(db: Db, projectId: string, steps: Set<string>): Promise<Map<string, string>> {
  const eventOfStep = new Map<string, string>();
  for (const step of steps) {
    const [runId, at] = step.split(" ");
    try {
      const { job } = await retryOnBusy(() => emitPipelineEvent(db, { event: "rollouts.stored", projectId, subjectId: runId!, step: Number(at) }));
      eventOfStep.set(step, job.id);
    } catch (error) {
      console.error(`[reward] rollouts of run ${runId} step ${at} are stored, but their bookkeeping could not be queued: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return eventOfStep;
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
