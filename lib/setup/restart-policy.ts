/**
 * When to start a crashed worker again: after 1 s, then twice as long for each further crash
 * within the window, up to `maxDelayMs`; after `maxCrashes` crashes within the window the worker
 * is failing for good (a bad setting, a broken database) and the app stops instead.
 */
export type RestartPolicy = { baseDelayMs: number; maxDelayMs: number; maxCrashes: number; windowMs: number };

export const workerRestartPolicy: RestartPolicy = { baseDelayMs: 1_000, maxDelayMs: 30_000, maxCrashes: 5, windowMs: 5 * 60_000 };

export type RestartDecision = { shouldRestart: true; delayMs: number; crashesInWindow: number } | { shouldRestart: false; crashesInWindow: number };

/** `crashTimes`: when the worker crashed, this crash included (ms since epoch). */
export function decideRestart(
  crashTimes: number[],
  now: number,
  { baseDelayMs, maxDelayMs, maxCrashes, windowMs }: RestartPolicy = workerRestartPolicy,
): RestartDecision {
  const crashesInWindow = crashTimes.filter((time) => now - time < windowMs).length;
  if (crashesInWindow >= maxCrashes) return { shouldRestart: false, crashesInWindow };
  return { shouldRestart: true, delayMs: Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, crashesInWindow - 1)), crashesInWindow };
}
