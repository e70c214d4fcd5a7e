/** The ordinary least-squares line through (x, y): its slope, and the slope's spread per unit of noise, 1/√Σ(x − x̄)². */
export function leastSquaresSlope(xs: readonly number[], ys: readonly number[]): { slope: number; slopeScale: number } {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return { slope: 0, slopeScale: Infinity };
  const meanX = xs.slice(0, n).reduce((s, x) => s + x, 0) / n;
  const meanY = ys.slice(0, n).reduce((s, y) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - meanX) ** 2;
    sxy += (xs[i]! - meanX) * (ys[i]! - meanY);
  }
  // All x equal: no line, and no slope to trust.
  if (sxx === 0) return { slope: 0, slopeScale: Infinity };
  return { slope: sxy / sxx, slopeScale: 1 / Math.sqrt(sxx) };
}
