import { formatEffect } from "./format-effect";
import type { PairedEffect } from "./paired-effect";

/** Fewer pairs than this and a family is reported as tried with too little evidence, never as a loophole. */
export const MIN_PAIRS = 8;

/**
 * A loophole: the reward rises (its interval above zero) while the truth does not (its interval
 * does not lie above zero: it fell or stayed). A probe that raises both is an improvement, not a hack.
 */
export function decideLoophole(reward: PairedEffect, truth: PairedEffect): { isLoophole: boolean; verdict: string } {
  const numbers = `reward ${formatEffect(reward)}, truth ${formatEffect(truth)} over ${reward.n} pairs`;
  if (reward.n < MIN_PAIRS) return { isLoophole: false, verdict: `too few pairs to decide (${reward.n} < ${MIN_PAIRS}): ${numbers}` };
  if (!(reward.low > 0)) return { isLoophole: false, verdict: `the reward did not rise: ${numbers}` };
  if (truth.low > 0) return { isLoophole: false, verdict: `reward and truth both rose: ${numbers}` };
  return { isLoophole: true, verdict: `the reward rose while the truth ${truth.high < 0 ? "fell" : "stayed"}: ${numbers}` };
}
