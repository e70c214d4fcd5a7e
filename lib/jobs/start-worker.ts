import { setMaxListeners } from "node:events";
import { hostname } from "node:os";
import type { Db } from "../db/client";
import { providerOf, readDatabaseUrl } from "../db/database-url";
import { claimJob } from "./claim-job";
import { isFinished } from "./job-status";
import type { RegisteredHandler } from "./job-type";
import { notifyJobBackend } from "./job-backend";
import { ensureQueue, leaseSeconds, stopBoss } from "./pg-boss-client";
import { runClaimedJob } from "./run-claimed-job";

export type WorkerOptions = {
  db: Db;
  handlers: RegisteredHandler[];
  workerId?: string;
  /** Jobs of one type this worker runs at once, for types that do not set their own concurrency. */
  concurrency?: number;
  leaseMs?: number;
  /** SQLite only: how often an idle worker looks for due jobs. */
  pollIntervalMs?: number;
  /** How long stop() lets running jobs finish before it aborts them and hands them back. */
  graceMs?: number;
  log?: (line: string) => void;
};

const reconcileIntervalMs = 30_000;

export type Worker = { workerId: string; stop: () => Promise<void> };

export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const {
    db,
    handlers,
    workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    concurrency = 2,
    leaseMs = leaseSeconds() * 1000,
    pollIntervalMs = 500,
    graceMs = 10_000,
    log = (line) => console.log(line),
  } = options;
  const byType = new Map(handlers.map((h) => [h.type.name, h]));
  const types = [...byType.keys()];
  const inFlight = new Set<Promise<unknown>>();
  // Each job type has its own slots, so a long lab run or judge run never holds the monitor's.
  const slots = new Slots(new Map(handlers.map((h) => [h.type.name, h.type.concurrency ?? concurrency])));
  const stopController = new AbortController();
  // Every running job and both pollers listen for the stop: past Node's default of ten listeners it
  // would warn of a leak that is not one.
  setMaxListeners([...slots.limits.values()].reduce((sum, limit) => sum + limit, 2), stopController.signal);

  const execute = async (job: NonNullable<Awaited<ReturnType<typeof claimJob>>>) => {
    const handler = byType.get(job.type)!;
    log(`[worker ${workerId}] ${job.type} ${job.id} attempt ${job.attempts}`);
    slots.take(job.type);
    const run = runClaimedJob(db, { job, handler, workerId, leaseMs, stopSignal: stopController.signal });
    inFlight.add(run);
    try {
      const outcome = await run;
      log(`[worker ${workerId}] ${job.type} ${job.id} ${outcome}`);
    } finally {
      inFlight.delete(run);
      slots.give(job.type);
    }
  };

  const url = readDatabaseUrl();
  let stopBackend: () => Promise<void>;
  if (providerOf(url) === "sqlite") {
    stopBackend = startPolling({ db, slots, workerId, leaseMs, pollIntervalMs, execute, signal: stopController.signal, isSweep: false });
  } else {
    const stopBoss = await startPgBossWorkers({ db, url, types, slots, workerId, leaseMs, execute });
    // A slow sweep catches rows whose pg-boss message was never sent (a crash between the two writes).
    const stopSweep = startPolling({ db, slots, workerId, leaseMs, pollIntervalMs: reconcileIntervalMs, execute, signal: stopController.signal, isSweep: true });
    stopBackend = async () => {
      await Promise.all([stopBoss(), stopSweep()]);
    };
  }

  return {
    workerId,
    async stop() {
      const drained = Promise.all(inFlight);
      const graceOver = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      const backendStopped = stopBackend();
      await Promise.race([drained, graceOver]);
      stopController.abort();
      await Promise.all([Promise.all(inFlight), backendStopped]);
    },
  };
}

/** Free places per job type; freed() settles when any place frees up. */
class Slots {
  private readonly running = new Map<string, number>();
  private wake = () => {};
  private freedOnce = this.nextFreed();
  constructor(readonly limits: Map<string, number>) {}
  private nextFreed() {
    return new Promise<void>((resolve) => (this.wake = resolve));
  }
  freeTypes(): string[] {
    return [...this.limits].filter(([type, limit]) => (this.running.get(type) ?? 0) < limit).map(([type]) => type);
  }
  take(type: string) {
    this.running.set(type, (this.running.get(type) ?? 0) + 1);
  }
  give(type: string) {
    this.running.set(type, Math.max(0, (this.running.get(type) ?? 0) - 1));
    const wake = this.wake;
    this.freedOnce = this.nextFreed();
    wake();
  }
  freed(): Promise<void> {
    return this.freedOnce;
  }
}

/**
 * One poller that claims due jobs of the types with a free slot and starts them without waiting:
 * idle, it looks again after pollIntervalMs or as soon as a running job frees a slot. As a sweep
 * behind pg-boss it only looks on its interval and only takes jobs overdue by a whole interval, so
 * it never races pg-boss's deliveries for a slot.
 */
function startPolling({ db, slots, workerId, leaseMs, pollIntervalMs, execute, signal, isSweep }: {
  db: Db; slots: Slots; workerId: string; leaseMs: number; pollIntervalMs: number;
  execute: (job: NonNullable<Awaited<ReturnType<typeof claimJob>>>) => Promise<void>; signal: AbortSignal; isSweep: boolean;
}) {
  let isStopping = false;
  let stopWaiting = () => {};
  const stopped = new Promise<void>((resolve) => (stopWaiting = resolve));
  const loop = async () => {
    while (!isStopping) {
      const types = slots.freeTypes();
      const job = types.length === 0 ? null : await claimJob(db, { workerId, leaseMs, types, overdueMs: isSweep ? pollIntervalMs : 0 }).catch((error: Error) => {
        console.error(`[worker ${workerId}] could not poll for jobs: ${error.message}`);
        return null;
      });
      if (job) {
        void execute(job);
        continue;
      }
      const idle = isSweep ? sleep(pollIntervalMs, signal) : types.length === 0 ? slots.freed() : Promise.race([sleep(pollIntervalMs, signal), slots.freed()]);
      await Promise.race([idle, stopped]);
    }
  };
  const polling = loop();
  return async () => {
    isStopping = true;
    stopWaiting();
    await polling;
  };
}

async function startPgBossWorkers({ db, url, types, slots, workerId, leaseMs, execute }: {
  db: Db; url: string; types: string[]; slots: Slots; workerId: string; leaseMs: number;
  execute: (job: NonNullable<Awaited<ReturnType<typeof claimJob>>>) => Promise<void>;
}) {
  for (const type of types) {
    const boss = await ensureQueue(url, type);
    const deliver = async ([message]: Array<{ data: object }>) => {
      const { jobId } = (message?.data ?? {}) as { jobId?: string };
      if (!jobId) return;
      const job = await claimJob(db, { workerId, leaseMs, types, jobId });
      if (job) return execute(job);
      await recheckLater(db, jobId);
    };
    for (let i = 0; i < (slots.limits.get(type) ?? 1); i++) await boss.work(type, { batchSize: 1, pollingIntervalSeconds: 0.5 }, deliver);
  }
  return stopBoss;
}

/**
 * A delivery for a row another worker holds: look again when that lease runs out, so that the job
 * is taken over if its worker has died. Finished or missing rows need nothing.
 */
async function recheckLater(db: Db, jobId: string) {
  const row = await db.job.findUnique({ where: { id: jobId }, select: { type: true, status: true, lockedUntil: true } });
  if (!row || isFinished(row.status) || row.status !== "running" || !row.lockedUntil) return;
  await notifyJobBackend({ id: jobId, type: row.type, runAt: new Date(row.lockedUntil.getTime() + 1000) });
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
