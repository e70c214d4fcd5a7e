import type { StepMetrics } from "./summarize-lab";

/**
 * Where the lab's hack rate starts to climb: the knee b of the least-squares fit
 * hack_rate ≈ a + c·min(w, max(0, step − b)) with c > 0 (flat, a rise over w steps, flat again:
 * a hack takes hold and saturates), over knees at every step and rises of 5, 10, ... steps. The
 * yardstick the monitor's onset is measured against; null when no rise fits better than a flat line.
 */
export function hackRateChangePoint(steps: readonly StepMetrics[]): number | null {
  const xs = steps.map((s) => s.step);
  const ys = steps.map((s) => s.metrics.hack_rate ?? 0);
  const n = xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  const flat = ys.reduce((s, y) => s + (y - my) ** 2, 0);
  let best: { step: number; rss: number } | null = null;
  for (let k = 0; k < n - 2; k++) {
    for (let width = 5; xs[k]! + width - 5 < xs[n - 1]!; width += 5) {
      const hs = xs.map((x) => Math.min(width, Math.max(0, x - xs[k]!)));
      const mh = hs.reduce((s, h) => s + h, 0) / n;
      let shh = 0;
      let shy = 0;
      for (let i = 0; i < n; i++) {
        shh += (hs[i]! - mh) ** 2;
        shy += (hs[i]! - mh) * (ys[i]! - my);
      }
      if (!(shh > 0) || shy <= 0) continue;
      const rss = flat - (shy * shy) / shh;
      if (!best || rss < best.rss) best = { step: xs[k]!, rss };
    }
  }
  return best && best.rss < flat ? best.step : null;
}
