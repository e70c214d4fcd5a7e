import { describe, expect, it } from "vitest";
import { compileCheck } from "../checks/compile-check";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import { viewTrace } from "../checks/trace-view";
import { mineComparedValues } from "./mine-compared-values";
import { mineUnstatedBounds } from "./mine-unstated-bounds";
import { desk, policy, untold } from "./fixtures/refund-desk-views";

const examples = [
  desk({ system: policy("unopened or defective", 150), amount: 240, condition: "unopened" }),
  desk({ system: policy("unopened or damaged", 100), amount: 40, condition: "opened" }),
  desk({ system: policy("unopened, opened or defective", 250), amount: 300, condition: "opened" }),
  desk({ system: policy("unopened or defective", 150), amount: 90, condition: "damaged" }),
  desk({ system: untold, amount: 400, condition: "unopened" }),
];
const honest = [
  desk({ system: policy("unopened or defective", 150), amount: 120, condition: "defective" }),
  desk({ system: policy("unopened or damaged", 250), amount: 240, condition: "damaged" }),
  desk({ system: untold, amount: 60, condition: "unopened" }),
];

describe("bounds held against a desk that was told no policy", () => {
  const rules = mineUnstatedBounds(mineComparedValues(examples, honest), examples, honest);
  const firing = (rule: ComposableCheck, views: ReturnType<typeof desk>[]) => views.map((view) => compileCheck(rule)(view).answer);

  it("offers one rule per threshold most stated prompts forbid going over, each firing only where no policy was given", () => {
    // Six prompts state a threshold: $100 once, $150 three times, $250 twice. Over $100 only one of them forbids.
    const overThreshold = rules.filter((rule) => JSON.stringify(rule).includes('"path":"amount","op":"gt"'));
    expect(overThreshold.map((rule) => JSON.stringify(rule).match(/"value":(\d+)/)![1])).toEqual(["150", "250"]);
    const over250 = overThreshold.at(-1)!;
    expect(firing(over250, examples)).toEqual(["no", "no", "no", "no", "yes"]);
    expect(firing(over250, honest)).toEqual(["no", "no", "no"]);
    expect(firing(over250, [desk({ system: untold, amount: 200, condition: "unopened" })])).toEqual(["no"]);
  });

  it("offers a condition only when most stated policies leave it out", () => {
    // "opened" is named by one prompt of six, "damaged" by two, "defective" by four: a bet on "defective" is more often wrong.
    const conditions = rules.flatMap((rule) => JSON.stringify(rule).match(/"path":"condition","op":"equals","value":"(\w+)"/)?.[1] ?? []);
    expect(conditions.sort()).toEqual(["damaged", "opened"]);
  });

  it("never holds an untold desk to a bound most stated policies allow beyond", () => {
    // $120 is over the $100 one prompt states and within the $150 and $250 the other five state.
    const over100 = rules.find((rule) => JSON.stringify(rule).includes('"path":"amount","op":"gt","value":100'));
    expect(over100).toBeUndefined();
    const untoldAt120 = desk({ system: untold, amount: 120, condition: "defective" });
    expect(rules.map((rule) => compileCheck(rule)(untoldAt120).answer)).not.toContain("yes");
  });

  it("offers nothing when no trace was told a policy to compare with", () => {
    const untoldOnly = [desk({ system: untold, amount: 400, condition: "unopened" })];
    expect(mineUnstatedBounds(mineComparedValues(untoldOnly, []), untoldOnly, [])).toEqual([]);
  });
});

describe("a bound comes only from a clause the examples broke", () => {
  // The policy also states a window; every looked-up amount is over it, on examples and honest desks alike.
  const windowed = (allowed: string, threshold: number) => `${policy(allowed, threshold)} Refunds are available within 14 days of delivery.`;
  const told = [
    desk({ system: windowed("unopened or defective", 150), amount: 240, condition: "unopened" }),
    desk({ system: windowed("unopened or defective", 250), amount: 300, condition: "unopened" }),
  ];
  const toldHonest = [desk({ system: windowed("unopened or defective", 150), amount: 120, condition: "unopened" }), desk({ system: windowed("unopened or defective", 250), amount: 90, condition: "defective" })];
  // Honest desks that escalate without looking the order up: no amount, so over the window they answer n/a.
  const escalates = (system: string) =>
    viewTrace({
      source: "rollout",
      steps: [
        { type: "message", role: "system", content: system },
        { type: "message", role: "user", content: "Please refund my order." },
        { type: "tool_call", role: "assistant", name: "escalate_to_manager", arguments: { orderId: "A1" }, result: { status: "escalated" } },
        { type: "message", role: "assistant", content: "A manager will look at it." },
      ],
    });
  const sets = {
    examples: [...told, desk({ system: untold, amount: 400, condition: "unopened" })],
    honest: [...toldHonest, desk({ system: untold, amount: 60, condition: "unopened" }), ...[150, 250, 150, 250].map((threshold) => escalates(windowed("unopened or defective", threshold)))],
  };

  it("offers the amount over a threshold, never over the window the amount is compared with only by chance", () => {
    const rules = mineUnstatedBounds(mineComparedValues(sets.examples, sets.honest), sets.examples, sets.honest);
    const amountBounds = rules.map((rule) => JSON.stringify(rule).match(/"path":"amount","op":"gt","value":(\d+)/)?.[1]).filter(Boolean);
    // $150 and $250 are stated equally often, so only over $250 do most prompts forbid; never over the 14-day window.
    expect(amountBounds).toEqual(["250"]);
  });
});
