import type { Db } from "../db/client";

export type ClaimedJob = NonNullable<Awaited<ReturnType<Db["job"]["findUnique"]>>>;

const dueWhere = (now: Date, dueSince: Date) => ({
  OR: [
    { status: "queued", runAt: { lte: dueSince } },
    // A running job whose lease ran out: its worker died or hung.
    { status: "running", lockedUntil: { lt: now } },
  ],
});

/**
 * Takes a due job by compare-and-swap on (status, lockedUntil, attempts): of any number of workers
 * racing for the same row, exactly one update matches. Returns null when there was nothing to take.
 * `overdueMs`: only a queued job due for at least this long (a sweep behind another delivery path).
 */
export async function claimJob(
  db: Db,
  { workerId, leaseMs, types, jobId, overdueMs = 0 }: { workerId: string; leaseMs: number; types: string[]; jobId?: string; overdueMs?: number },
): Promise<ClaimedJob | null> {
  const now = new Date();
  const candidate = await db.job.findFirst({
    where: { ...dueWhere(now, new Date(now.getTime() - overdueMs)), type: { in: types }, ...(jobId ? { id: jobId } : {}) },
    orderBy: { runAt: "asc" },
  });
  if (!candidate) return null;
  const taken = await db.job.updateMany({
    where: { id: candidate.id, status: candidate.status, lockedUntil: candidate.lockedUntil, attempts: candidate.attempts },
    data: {
      status: "running",
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: { increment: 1 },
      startedAt: candidate.startedAt ?? now,
    },
  });
  if (taken.count !== 1) return null;
  return { ...candidate, status: "running", lockedBy: workerId, attempts: candidate.attempts + 1 };
}
