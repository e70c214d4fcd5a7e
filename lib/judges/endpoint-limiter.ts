/**
 * At most `limit` requests in flight per endpoint (key: the base URL), shared by every judge and
 * every run in this process, so two judges on one vLLM server do not double its load.
 */
type Limiter = { limit: number; active: number; waiting: Array<() => void> };

const limiters = new Map<string, Limiter>();

export async function withEndpointSlot<T>(key: string, limit: number, work: () => Promise<T>): Promise<T> {
  const limiter = limiters.get(key) ?? { limit, active: 0, waiting: [] };
  limiters.set(key, limiter);
  // The latest configured limit wins; judges on one endpoint should agree on it.
  limiter.limit = limit;
  if (limiter.active >= limiter.limit) {
    // A finishing request hands its slot over directly, so `active` already counts this one.
    await new Promise<void>((resolve) => limiter.waiting.push(resolve));
  } else {
    limiter.active++;
  }
  try {
    return await work();
  } finally {
    const next = limiter.active <= limiter.limit ? limiter.waiting.shift() : undefined;
    if (next) next();
    else limiter.active--;
  }
}
