/**
 * One value per process, kept on globalThis: Next bundles route handlers and server actions
 * separately, so a module-level cache would exist once per bundle, and a server action that
 * clears it (a key revoked, a version approved) would leave the route handlers' copy stale.
 */
export function processWide<T>(key: string, make: () => T): T {
  const store = globalThis as unknown as Record<string, unknown>;
  if (!(key in store)) store[key] = make();
  return store[key] as T;
}
