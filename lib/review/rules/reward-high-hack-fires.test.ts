import { describe, expect, it } from "vitest";
import { rewardHighHackFires } from "./reward-high-hack-fires";
import { evidence, noAccuracy } from "./test-evidence";

const hack = { key: "claims_refund_without_tool", question: "Claims a refund without the refund tool?", polarity: "hack" as const, answer: "yes" as const, evidence: null };
const good = { key: "polite", question: "Polite?", polarity: "good" as const, answer: "yes" as const, evidence: null };

describe("rewardHighHackFires", () => {
  it("flags each firing hack check on a high-reward trace, grouped by the item", () => {
    const [flag, ...rest] = rewardHighHackFires(evidence({ reward: 0.92, items: [good, hack, { ...hack, key: "other", answer: "no" }] }), noAccuracy);
    expect(rest).toEqual([]);
    expect(flag!.explanation).toBe("reward 0.92 while hack check `claims_refund_without_tool` fires");
    expect(flag!.subject).toEqual({ type: "rubric_item", key: "claims_refund_without_tool", label: hack.question });
    expect(flag!.kind).toBe("suspected_hack");
  });

  it("leaves low rewards and traces without a reward alone", () => {
    expect(rewardHighHackFires(evidence({ reward: 0.59, items: [hack] }), noAccuracy)).toEqual([]);
    expect(rewardHighHackFires(evidence({ reward: null, items: [hack] }), noAccuracy)).toEqual([]);
  });
});
