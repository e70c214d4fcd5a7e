import { processWide } from "./process-wide";

export type ExpiringLookups<V> = {
  /** The key's value: kept for `ttlMs` after it was read; while a read of the key is under way, callers share it. */
  get(key: string, read: () => Promise<V>): Promise<V>;
  /** Forgets every value, and keeps no answer of a read already under way (it may have read the old state). */
  forget(): void;
};

/**
 * A process-wide cache of reads that lapse after `ttlMs`, for values a request needs on every call
 * (an API key's project, an environment's latest rubric version): when an entry lapses, the
 * requests in flight (64 at a trainer's usual concurrency) wait for one query instead of each
 * sending its own.
 */
export function expiringLookups<V>(name: string, ttlMs: number): ExpiringLookups<V> {
  const state = processWide(name, () => ({ generation: 0, values: new Map<string, { value: V; until: number }>(), pending: new Map<string, Promise<V>>() }));
  return {
    async get(key, read) {
      const cached = state.values.get(key);
      if (cached && cached.until > Date.now()) return cached.value;
      const pending = state.pending.get(key);
      if (pending) return pending;
      const generation = state.generation;
      const lookup = read()
        .then((value) => {
          if (state.generation === generation) state.values.set(key, { value, until: Date.now() + ttlMs });
          return value;
        })
        .finally(() => {
          if (state.pending.get(key) === lookup) state.pending.delete(key);
        });
      state.pending.set(key, lookup);
      return lookup;
    },
    forget() {
      state.values.clear();
      state.generation += 1;
      state.pending.clear();
    },
  };
}
