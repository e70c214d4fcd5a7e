/**
 * Where a straight series bends upwards: the breakpoint b of the hinge fit y = a + c·max(0, x − x_b)
 * with the least squared error (c > 0), over the given points in step order. The first point if
 * no bend fits better than a line through the mean.
 */
export function estimateOnset(xs: readonly number[], ys: readonly number[]): number {
  let best = { step: xs[0] ?? 0, rss: rssOf(xs.map(() => 0), ys) };
  for (let b = 0; b < xs.length - 2; b++) {
    const hinge = xs.map((x) => Math.max(0, x - xs[b]!));
    const fit = hingeFit(hinge, ys);
    if (fit.slope > 0 && fit.rss < best.rss) best = { step: xs[b]!, rss: fit.rss };
  }
  return best.step;
}

function hingeFit(hs: number[], ys: readonly number[]): { slope: number; rss: number } {
  const n = hs.length;
  const mh = hs.reduce((s, h) => s + h, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let shh = 0;
  let shy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    shh += (hs[i]! - mh) ** 2;
    shy += (hs[i]! - mh) * (ys[i]! - my);
    syy += (ys[i]! - my) ** 2;
  }
  return shh === 0 ? { slope: 0, rss: syy } : { slope: shy / shh, rss: syy - (shy * shy) / shh };
}

function rssOf(hs: number[], ys: readonly number[]): number {
  return hingeFit(hs, ys).rss;
}
