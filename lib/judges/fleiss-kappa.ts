/**
 * Fleiss' kappa: agreement among several raters beyond chance, from a subjects x categories table
 * of counts (row i, column j = how many raters put subject i in category j).
 * Rows may have different totals (a judge that errored on a trace casts no vote there): each
 * subject's agreement uses its own rater count, and subjects with fewer than two ratings are
 * skipped. Null when there is nothing to measure (no subject with two ratings, or chance
 * agreement is total because every rating fell in one category).
 */
export function computeFleissKappa(counts: number[][]): number | null {
  const rows = counts.filter((row) => sum(row) >= 2);
  if (rows.length === 0) return null;
  const categories = Math.max(...rows.map((row) => row.length));
  const totalRatings = rows.reduce((total, row) => total + sum(row), 0);
  const shares = Array.from({ length: categories }, (_, j) => rows.reduce((total, row) => total + (row[j] ?? 0), 0) / totalRatings);
  const chance = shares.reduce((total, share) => total + share * share, 0);
  const observed =
    rows.reduce((total, row) => {
      const n = sum(row);
      return total + (row.reduce((s, c) => s + c * c, 0) - n) / (n * (n - 1));
    }, 0) / rows.length;
  if (chance >= 1) return null;
  return (observed - chance) / (1 - chance);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
