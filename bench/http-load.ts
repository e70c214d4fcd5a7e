// Closed-loop HTTP load: `concurrency` workers send `count` requests between them, each waiting for its answer.
export type LoadResult = { count: number; perSecond: number; p50: number; p99: number };

export async function runLoad(send: (index: number) => Promise<void>, { count, concurrency }: { count: number; concurrency: number }): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const sent = performance.now();
        await send(index);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { count, perSecond: (count * 1000) / elapsed, p50: quantile(0.5), p99: quantile(0.99) };
}

/** POSTs JSON and returns the parsed answer; a non-2xx answer fails the bench with its body. */
export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
