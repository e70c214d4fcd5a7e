/**
 * Plain-word meanings of the statistical terms the monitor's figures still use, for the tooltip
 * beside each term; and the names of a detection's figures as a reviewer reads them.
 */
export const glossary = {
  sigma: "σ (sigma): the metric's usual step-to-step noise. A rise of 5σ is five times that noise, far more than chance would give.",
  rho: "ρ (rho): how much one step's noise carries over to the next (autocorrelation), from 0 (none) to 1. The test allows for it, so a slow wobble is not taken for a trend.",
  spearman: "Spearman ρ: how closely two metrics move together by rank, from −1 (one falls as the other rises) to 1 (they rise together).",
  jsd: "JSD (Jensen–Shannon divergence): how different two mixes of behaviour are, in bits, from 0 (the same) to 1 (nothing in common).",
  g: "G: the JSD scaled by the number of rollouts (2·N·ln2·JSD); above its chi-square threshold, the change is unlikely to be sampling noise.",
  t: "t: the change-point test's statistic, how strongly the data say the metric changed course. Above the threshold counts as a detection.",
  threshold: "Threshold: the value the statistic must pass; set so that noise alone rarely passes it.",
  onsetInterval: "Onset interval: the steps between which the change most likely began (95% of the time the true start lies inside).",
  coupling: "Coupling: how much of the reward's movement the reference metric accounts for (the fitted slope of one on the other).",
  priority: "Priority: how urgent a case is, rule weight × impact × (0.5 + 0.5 × uncertainty). Higher comes first.",
  rule: "Rule: the check that raised the case, e.g. high_reward_judge_fail (a rollout paid well by the reward but failed by the judges).",
} as const;

export type GlossaryTerm = keyof typeof glossary;

/** Where a term of the glossary appears in the monitor's sentences, and which entry explains it. */
const termPatterns: ReadonlyArray<readonly [RegExp, GlossaryTerm]> = [
  [/Spearman ρ|Spearman/, "spearman"],
  [/σ/, "sigma"],
  [/ρ/, "rho"],
  [/JSD/, "jsd"],
  [/\bG\b(?= =| statistic)/, "g"],
  [/\bt = /, "t"],
  [/\bthreshold\b/, "threshold"],
  [/95% interval/, "onsetInterval"],
  [/\bPriority\b/, "priority"],
];

export type GlossedPart = { text: string; term: GlossaryTerm | null };

/** A sentence cut into plain text and the glossary terms in it, in order. */
export function glossText(text: string): GlossedPart[] {
  const parts: GlossedPart[] = [];
  let rest = text;
  while (rest) {
    let first: { index: number; length: number; term: GlossaryTerm } | null = null;
    for (const [pattern, term] of termPatterns) {
      const match = pattern.exec(rest);
      if (match && (!first || match.index < first.index)) first = { index: match.index, length: match[0].length, term };
    }
    if (!first) {
      parts.push({ text: rest, term: null });
      break;
    }
    if (first.index > 0) parts.push({ text: rest.slice(0, first.index), term: null });
    parts.push({ text: rest.slice(first.index, first.index + first.length), term: first.term });
    rest = rest.slice(first.index + first.length);
  }
  return parts;
}

/** Whether a sentence carries figures a domain reviewer should meet only after the plain sentence. */
const statisticPattern = /σ|ρ|\bJSD\b|\bt = |\bPriority\b.*=|chi-square|95% interval|\bG = /;

/**
 * An explanation split into its plain sentences (shown first) and its sentences of statistics
 * (folded away, one click on). Sentences end at a full stop and a space, so "0.95" stays whole.
 */
export function splitExplanation(text: string): { plain: string; figures: string } {
  const sentences = text.split(/(?<=\.)\s+(?=\S)/).filter((s) => s.trim());
  const plain = sentences.filter((s) => !statisticPattern.test(s));
  const figures = sentences.filter((s) => statisticPattern.test(s));
  return { plain: plain.join(" "), figures: figures.join(" ") };
}

/** A detection's figure as a reviewer reads it: its name in words and the glossary entry behind it. */
export const figureNames: Record<string, { label: string; term?: GlossaryTerm }> = {
  onsetStep: { label: "starts at step" },
  rampPoints: { label: "climbs over (points)" },
  rise: { label: "rise beyond the reference" },
  riseSigma: { label: "rise in noise units (σ)", term: "sigma" },
  statistic: { label: "test statistic (t)", term: "t" },
  threshold: { label: "threshold", term: "threshold" },
  coupling: { label: "coupling to the reference", term: "coupling" },
  autocorrelation: { label: "noise carry-over (ρ)", term: "rho" },
  firstFiredAtStep: { label: "a live monitor fires at step" },
  points: { label: "points read" },
  baseline: { label: "baseline rollouts" },
  rollouts: { label: "rollouts compared" },
};
