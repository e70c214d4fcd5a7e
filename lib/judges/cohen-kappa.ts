/**
 * Cohen's kappa between two raters over the same items: (observed agreement - chance agreement)
 * / (1 - chance agreement), chance from each rater's own label shares. Null without pairs, or when
 * chance agreement is total (both raters always gave the same single label).
 */
export function computeCohenKappa<Label extends string>(pairs: Array<[Label, Label]>): number | null {
  if (pairs.length === 0) return null;
  const first = new Map<Label, number>();
  const second = new Map<Label, number>();
  let agreed = 0;
  for (const [a, b] of pairs) {
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
    if (a === b) agreed++;
  }
  const n = pairs.length;
  let chance = 0;
  for (const [label, count] of first) chance += (count / n) * ((second.get(label) ?? 0) / n);
  if (chance >= 1) return null;
  return (agreed / n - chance) / (1 - chance);
}
