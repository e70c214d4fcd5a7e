import PgBoss from "pg-boss";
import { retryOnBusy } from "../db/retry-on-busy";

/**
 * One pg-boss instance per process. pg-boss delivers jobs between machines; the Job row stays the
 * truth (status, lease, progress). pg-boss's own expiry is what hands a dead worker's job on.
 */
type BossState = { url: string; boss: Promise<PgBoss>; queues: Map<string, Promise<void>> };
const globalForBoss = globalThis as unknown as { goodhartBoss?: BossState };

export function leaseSeconds(): number {
  return Number(process.env.GOODHART_JOB_LEASE_SECONDS || 60);
}

async function startBoss(url: string): Promise<PgBoss> {
  const lease = leaseSeconds();
  const boss = new PgBoss({
    connectionString: url,
    // Expired jobs are only noticed by maintenance: run it often enough for short leases.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(lease / 2))),
  });
  boss.on("error", (error: Error) => console.error(`[jobs] pg-boss: ${error.message}`));
  await boss.start();
  return boss;
}

export function getBoss(url: string): Promise<PgBoss> {
  if (globalForBoss.goodhartBoss?.url !== url) {
    globalForBoss.goodhartBoss = { url, boss: startBoss(url), queues: new Map() };
  }
  return globalForBoss.goodhartBoss.boss;
}

export async function ensureQueue(url: string, name: string): Promise<PgBoss> {
  const boss = await getBoss(url);
  const state = globalForBoss.goodhartBoss!;
  if (!state.queues.has(name)) {
    const created = retryOnBusy(async () => {
      if (await boss.getQueue(name)) return;
      // Another process may create it between the check and here; that is fine. Workers starting
      // together on a fresh database deadlock in pg-boss's create_queue: the victim tries again.
      await boss.createQueue(name).catch(async (error) => {
        if (!(await boss.getQueue(name))) throw error;
      });
    });
    // A failure is not remembered: the next call tries again.
    created.catch(() => state.queues.delete(name));
    state.queues.set(name, created);
  }
  await state.queues.get(name);
  return boss;
}

export async function stopBoss(): Promise<void> {
  const state = globalForBoss.goodhartBoss;
  globalForBoss.goodhartBoss = undefined;
  if (state) await (await state.boss).stop({ graceful: true, wait: true, timeout: 10_000 });
}
