import { describe, expect, it } from "vitest";
import { compileCheck } from "../checks/compile-check";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import { beyondEveryStatedBound } from "./beyond-every-stated-bound";
import { allComparisons } from "./mine-compared-values";
import { desk, policy, untold } from "./fixtures/refund-desk-views";

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
