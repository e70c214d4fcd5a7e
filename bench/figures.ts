// What every bench returns: a figure next to a baseline measured in the same run, and the ratio of the two.
export type Measure = { value: number; unit: string; p95?: number };
export type Figure = {
  section: string;
  name: string;
  measured: Measure;
  baseline: Measure & { name: string };
  /** measured / baseline (p50 against p50 for latencies): a throughput's share of its floor or bound, a latency's multiple of it. */
  ratio: number;
  note?: string;
};

export function figure(section: string, name: string, measured: Measure, baseline: Measure & { name: string }, note?: string): Figure {
  return { section, name, measured, baseline, ratio: measured.value / baseline.value, ...(note ? { note } : {}) };
}

export function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** p50 as the value, p95 beside it, in milliseconds. */
export function latency(times: number[]): Measure {
  return { value: percentile(times, 0.5), p95: percentile(times, 0.95), unit: "ms" };
}

export const perSecond = (count: number, ms: number, unit: string): Measure => ({ value: (count / ms) * 1000, unit });

export function formatMeasure({ value, unit, p95 }: Measure): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const number = (n: number) => n.toLocaleString("en", { maximumFractionDigits: digits });
  return p95 === undefined ? `${number(value)} ${unit}` : `p50 ${number(value)} / p95 ${number(p95)} ${unit}`;
}

/** Times `rounds` calls of each request and of the baseline, interleaved so the machine's load hits all alike. */
export async function timeInterleaved(baseline: () => Promise<unknown>, requests: Array<() => Promise<unknown>>, rounds: number) {
  const baselineTimes: number[] = [];
  const times = requests.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    let started = performance.now();
    await baseline();
    baselineTimes.push(performance.now() - started);
    for (const [i, request] of requests.entries()) {
      started = performance.now();
      await request();
      times[i]!.push(performance.now() - started);
    }
  }
  return { baseline: latency(baselineTimes), requests: times.map(latency) };
}
