import { describe, expect, it } from "vitest";
import { divergenceConfigSchema } from "../runs/run-intake-schemas";
import { divergencePairs } from "./divergence-pairs";

describe("divergencePairs", () => {
  it("pairs proxy-like names with reference-like ones", () => {
    const names = ["reward/proxy", "success/train", "eval/accuracy", "heldout_pass", "kl", "train/reward_mean", "loss", "eval/reward"];
    expect(divergencePairs(names, undefined)).toEqual([
      { proxy: "reward/proxy", reference: "success/train" },
      { proxy: "reward/proxy", reference: "eval/accuracy" },
      { proxy: "reward/proxy", reference: "heldout_pass" },
      { proxy: "reward/proxy", reference: "eval/reward" },
      { proxy: "train/reward_mean", reference: "success/train" },
      { proxy: "train/reward_mean", reference: "eval/accuracy" },
      { proxy: "train/reward_mean", reference: "heldout_pass" },
      { proxy: "train/reward_mean", reference: "eval/reward" },
    ]);
  });

  it("takes the mean reward the reward API records as a proxy, and no reward's spread or error rate", () => {
    const names = ["goodhart/reward/mean", "goodhart/reward/std", "goodhart/reward/error_rate", "rewards/format/mean", "rewards/format/std", "reward/max", "goodhart/rubric/k/yes_rate", "eval/accuracy"];
    expect(divergencePairs(names, undefined)).toEqual([
      { proxy: "goodhart/reward/mean", reference: "eval/accuracy" },
      { proxy: "rewards/format/mean", reference: "eval/accuracy" },
    ]);
  });

  it("takes the run's configured pairs over any guess", () => {
    const configured = divergenceConfigSchema.parse([{ proxy: "score", reference: "pass@1" }]);
    expect(divergencePairs(["reward", "success/x", "score", "pass@1"], configured)).toEqual([{ proxy: "score", reference: "pass@1" }]);
  });

  it("finds nothing to pair in a run without a reference", () => {
    expect(divergencePairs(["reward", "kl", "entropy"], undefined)).toEqual([]);
  });
});
