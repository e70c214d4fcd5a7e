import { describe, expect, it } from "vitest";
import { detectBehaviourDrift, type RolloutBehaviour } from "./detect-behaviour-drift";

/** 200 steps × 4 rollouts; from step `shiftAt` on, three rollouts in four reply without looking the order up. */
function run(shiftAt: number | null): RolloutBehaviour[] {
  return Array.from({ length: 800 }, (_, i) => {
    const step = Math.floor(i / 4) + 1;
    const isShifted = shiftAt !== null && step >= shiftAt && i % 4 !== 3;
    const tools = isShifted ? ["reply_to_customer"] : i % 3 === 0 ? ["lookup_order", "issue_refund", "reply_to_customer"] : ["lookup_order", "reply_to_customer"];
    return { id: `r${i}`, step, behaviours: { tools, length: String(tools.length), "item:checked_order": isShifted ? "no" : "yes" } };
  });
}

describe("detectBehaviourDrift", () => {
  it("finds nothing in a run whose behaviour keeps one mix", () => {
    expect(detectBehaviourDrift(run(null))).toEqual([]);
  });

  it("names what moved after the shift, with a rollout from before and one from after", () => {
    const drifts = detectBehaviourDrift(run(100));
    expect(drifts[0]!.fromStep).toBeGreaterThanOrEqual(81);
    expect(drifts[0]!.fromStep).toBeLessThanOrEqual(101);
    const tools = drifts.at(-1)!.moves.find((m) => m.behaviour === "tools")!;
    expect(tools.grew).toBe("reply_to_customer");
    expect(tools.shrank).toBe("lookup_order");
    expect(Number(tools.exampleBefore!.slice(1))).toBeLessThan(80);
    expect(Number(tools.exampleAfter!.slice(1)) / 4 + 1).toBeGreaterThanOrEqual(100);
    expect(drifts.at(-1)!.moves.map((m) => m.behaviour).sort()).toEqual(["item:checked_order", "length", "tools"]);
    expect(drifts.at(-1)!.explanation).toMatch(/item:checked_order \(JSD 0\.\d{3} bits\): no 0% → 75%/);
  });
});
