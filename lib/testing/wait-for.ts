/** Polls until `check` returns something truthy; fails with the last value after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null | false | undefined>, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last as T;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`waitFor timed out after ${timeoutMs} ms (last value: ${JSON.stringify(last)})`);
}
