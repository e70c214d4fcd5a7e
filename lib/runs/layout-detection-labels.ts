export type LabelPlacement = { id: string; x: number; row: number };

/**
 * Places one label per detection at its onset without overlaps: labels go left to right in rows;
 * a label takes the first row whose last label ends (plus a gap) before it starts; when no row has
 * room it is left out (its detection keeps its marker and is listed under the chart). Positions are
 * in pixels of the plot, from the chart's width and step domain.
 */
export function layoutDetectionLabels(
  items: { id: string; step: number }[],
  { domain, plotWidth, labelWidth, rows, gap = 4 }: { domain: [number, number]; plotWidth: number; labelWidth: number; rows: number; gap?: number },
): LabelPlacement[] {
  const [from, to] = domain;
  const span = Math.max(1, to - from);
  const rowEnds: number[] = Array.from({ length: rows }, () => Number.NEGATIVE_INFINITY);
  const placed: LabelPlacement[] = [];
  const visible = items.filter((item) => item.step >= from && item.step <= to).sort((a, b) => a.step - b.step);
  for (const item of visible) {
    const centre = ((item.step - from) / span) * plotWidth;
    // Kept inside the plot: a label at the very edge is shifted in, not cut off.
    const left = Math.min(Math.max(0, centre - labelWidth / 2), Math.max(0, plotWidth - labelWidth));
    const row = rowEnds.findIndex((end) => end + gap <= left);
    if (row === -1) continue;
    rowEnds[row] = left + labelWidth;
    placed.push({ id: item.id, x: left, row });
  }
  return placed;
}
