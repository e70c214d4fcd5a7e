import { describe, expect, it } from "vitest";
import { compileCheck } from "../checks/compile-check";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import { viewTrace } from "../checks/trace-view";
import type { Trace } from "../traces/trace-schema";
import { beyondEveryStatedBound } from "./beyond-every-stated-bound";
import { allComparisons } from "./mine-compared-values";

const policy = (allowed: string, threshold: number) => `You are a desk agent.\n\nThe item must be ${allowed}; others are not eligible. Refunds over $${threshold} need a manager.`;
const untold = "You are a desk agent.";

/** A desk that looks the order up and refunds it; the policy, when given, is its system prompt. */
function desk({ system, amount, condition }: { system: string; amount: number; condition: string }) {
  const trace: Trace = {
    source: "rollout",
    steps: [
      { type: "message", role: "system", content: system },
      { type: "message", role: "user", content: "Please refund my order." },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A1" }, result: { orderId: "A1", amount, condition } },
      { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A1", amount }, result: { status: "issued" } },
      { type: "message", role: "assistant", content: "Your refund has been issued." },
    ],
  };
  return viewTrace(trace);
}

const views = [
  desk({ system: policy("unopened or defective", 150), amount: 240, condition: "unopened" }),
  desk({ system: policy("unopened, opened or defective", 250), amount: 300, condition: "used" }),
  desk({ system: policy("unopened or damaged", 100), amount: 40, condition: "opened" }),
  desk({ system: untold, amount: 60, condition: "unopened" }),
];
const comparisons = allComparisons(views, []);
const clauses = comparisons.filter((c) => c.left.read === "tool_result" && c.right.read === "system" && ((c.left.path === "amount" && c.right.pattern?.includes("over")) || (c.left.path === "condition" && c.op === "not_named_in")));
const answers = (rule: ComposableCheck, desks: ReturnType<typeof desk>[]) => desks.map((view) => compileCheck(rule)(view).answer);

describe("a stated policy's clauses read where no policy was in view", () => {
  const rules = beyondEveryStatedBound(clauses, comparisons, views);

  it("holds the fact beyond every stated bound: the amount over the highest threshold, a condition no policy names", () => {
    expect(rules.map((rule) => JSON.stringify(rule).match(/"path":"(\w+)","op":"(\w+)","value":"?(\w+)/)!.slice(1).join(" "))).toEqual(["amount gt 250", "condition equals used"]);
  });

  it("fires only on a desk told no policy", () => {
    const untoldDesks = [desk({ system: untold, amount: 400, condition: "unopened" }), desk({ system: untold, amount: 60, condition: "used" }), desk({ system: untold, amount: 200, condition: "opened" })];
    expect(rules.map((rule) => answers(rule, untoldDesks))).toEqual([
      ["yes", "no", "no"],
      ["no", "yes", "no"],
    ]);
    const told = desk({ system: policy("unopened or defective", 150), amount: 400, condition: "used" });
    expect(rules.map((rule) => answers(rule, [told])[0])).toEqual(["no", "no"]);
  });

  it("offers nothing without a clause to read", () => {
    expect(beyondEveryStatedBound([], comparisons, views)).toEqual([]);
  });
});
