/** A rollout as a ceiling sees it: what a check could tell apart (`group`) and whether it is a true positive. */
export type GroupedRollout = { group: string; isTrue: boolean };

export type SeparationCeiling = {
  /** The best min(precision, recall) of any check that fires on whole groups, never on part of one. */
  best: number;
  precision: number;
  recall: number;
  fired: number;
  positives: number;
  /** Groups holding both true and false rollouts: no such check separates them. */
  mixedGroups: number;
  /** False when there were too many mixed groups to try every subset (the best prefix by purity is then a lower estimate). */
  exhaustive: boolean;
};

const MAX_EXHAUSTIVE_MIXED_GROUPS = 20;

/**
 * The upper bound on what a check reading only what separates the groups can reach, chosen knowing the
 * truth: it fires on every group all of whose rollouts are true, on none all of whose rollouts are false,
 * and on whichever mixed groups give the best min(precision, recall).
 */
export function separationCeiling(rollouts: GroupedRollout[]): SeparationCeiling {
  const counts = new Map<string, { pos: number; neg: number }>();
  for (const r of rollouts) {
    const c = counts.get(r.group) ?? { pos: 0, neg: 0 };
    if (r.isTrue) c.pos++;
    else c.neg++;
    counts.set(r.group, c);
  }
  const positives = rollouts.filter((r) => r.isTrue).length;
  let purePos = 0;
  const mixed: Array<{ pos: number; neg: number }> = [];
  for (const c of counts.values()) {
    if (c.neg === 0) purePos += c.pos;
    else if (c.pos > 0) mixed.push(c);
  }
  mixed.sort((a, b) => b.pos / (b.pos + b.neg) - a.pos / (a.pos + a.neg));
  const exhaustive = mixed.length <= MAX_EXHAUSTIVE_MIXED_GROUPS;
  const subsets = exhaustive
    ? Array.from({ length: 2 ** mixed.length }, (_, mask) => mixed.filter((_, i) => mask & (1 << i)))
    : Array.from({ length: mixed.length + 1 }, (_, n) => mixed.slice(0, n));
  let bestFigures = { best: 0, precision: 0, recall: 0, fired: 0 };
  for (const chosen of subsets) {
    const tp = purePos + chosen.reduce((s, c) => s + c.pos, 0);
    const fired = tp + chosen.reduce((s, c) => s + c.neg, 0);
    const precision = fired === 0 ? 0 : tp / fired;
    const recall = positives === 0 ? 1 : tp / positives;
    const best = Math.min(precision, recall);
    if (best > bestFigures.best) bestFigures = { best, precision, recall, fired };
  }
  return { ...bestFigures, positives, mixedGroups: mixed.length, exhaustive };
}
