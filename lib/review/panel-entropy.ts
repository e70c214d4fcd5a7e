import type { JudgeLabel } from "../judges/consensus";

/** Shannon entropy of the panel's labels over pass/fail/unsure, divided by log 3: 0 unanimous, 1 an even three-way split. */
export function panelEntropy(counts: Record<JudgeLabel, number>): number {
  const total = counts.pass + counts.fail + counts.unsure;
  if (!total) return 0;
  let entropy = 0;
  for (const n of [counts.pass, counts.fail, counts.unsure]) if (n) entropy -= (n / total) * Math.log(n / total);
  return entropy / Math.log(3);
}
