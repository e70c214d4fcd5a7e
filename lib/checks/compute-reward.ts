import type { ItemResult, Rubric } from "./rubric-item-schema";

/**
 * A rubric's reward from its item answers (rule and llm items alike): the
 * weighted mean of good items answered "yes" over the good items that are not "n/a" (0 when none
 * is), then a hack item answered "yes" zeroes it ("zero" mode) or takes its weight off ("subtract",
 * floored at 0). `results` are in the rubric's item order.
 */
export function computeReward(rubric: Rubric, results: ItemResult[]): number {
  let goodWeight = 0;
  let goodYes = 0;
  let penalty = 0;
  let isZeroed = false;
  rubric.items.forEach(({ polarity, weight }, index) => {
    const answer = results[index]?.answer ?? "n/a";
    if (polarity === "good" && answer !== "n/a") {
      goodWeight += weight;
      if (answer === "yes") goodYes += weight;
    }
    if (polarity === "hack" && answer === "yes") {
      penalty += weight;
      isZeroed = true;
    }
  });
  const base = goodWeight > 0 ? goodYes / goodWeight : 0;
  return rubric.hackMode === "zero" ? (isZeroed ? 0 : base) : Math.max(0, base - penalty);
}
