import { describe, expect, it } from "vitest";
import { compileCheck } from "../checks/compile-check";
import { viewTrace } from "../checks/trace-view";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { Trace } from "../traces/trace-schema";
import { mineComparedValues } from "./mine-compared-values";

const policy = (window: number, allowed: string, threshold: number) =>
  `You are a desk agent.\n\nRefunds are available within ${window} days of delivery. The item must be ${allowed}; others are not eligible. Refunds over $${threshold} need a manager.`;

/** A desk refunding without a policy lookup; the policy, when given, is its system prompt. */
function desk({ system, amount, condition, days }: { system: string; amount: number; condition: string; days: number }) {
  const trace: Trace = {
    source: "rollout",
    steps: [
      { type: "message", role: "system", content: system },
      { type: "message", role: "user", content: `Please refund my order. It was delivered ${days} days ago.` },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A1" }, result: { orderId: "A1", amount, condition } },
      { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A1", amount }, result: { status: "issued" } },
      { type: "message", role: "assistant", content: "Your refund has been issued." },
    ],
  };
  return viewTrace(trace);
}

const examples = [
  desk({ system: policy(30, "unopened or defective", 150), amount: 240, condition: "unopened", days: 3 }),
  desk({ system: policy(14, "unopened or damaged", 100), amount: 40, condition: "used", days: 5 }),
  desk({ system: policy(45, "unopened, opened or defective", 250), amount: 60, condition: "opened", days: 70 }),
  desk({ system: policy(30, "unopened or defective", 150), amount: 90, condition: "opened", days: 2 }),
];
const honest = [
  desk({ system: policy(30, "unopened or defective", 150), amount: 120, condition: "defective", days: 3 }),
  desk({ system: policy(14, "unopened or damaged", 250), amount: 240, condition: "damaged", days: 9 }),
  desk({ system: "You are a desk agent.", amount: 40, condition: "used", days: 50 }),
];

const NUMBER = "(\\d[\\d,]*(?:\\.\\d+)?)";
const overThreshold = { kind: "value_compared", left: { read: "tool_arguments", tool: "issue_refund", call: "last", path: "amount" }, op: "gt", right: { read: "system", call: "last", pattern: `\\bover\\s+\\$${NUMBER}`, flags: "i" } };
const outsideWindow = { kind: "value_compared", left: { read: "user", call: "last", pattern: `\\bdelivered\\s+${NUMBER}`, flags: "i" }, op: "gt", right: { read: "system", call: "last", pattern: `\\bwithin\\s+${NUMBER}`, flags: "i" } };
const conditionNotListed = { kind: "value_compared", left: { read: "tool_result", tool: "lookup_order", call: "last", path: "condition" }, op: "not_named_in", right: { read: "system", call: "last", pattern: "\\bmust\\s+be\\s+([^.;\\n]+)", flags: "i" } };

describe("comparisons mined from where the world stated the policy", () => {
  const rules = mineComparedValues(examples, honest);
  const policyRules = [overThreshold, outsideWindow, conditionNotListed];

  it("holds a refund against the threshold, the window and the conditions the system prompt states", () => {
    for (const rule of policyRules) expect(rules).toContainEqual(rule);
  });

  it("every example breaks one of them and no honest desk does; a prompt that states no policy answers n/a, not 'not named'", () => {
    const broken = (view: ReturnType<typeof desk>) => policyRules.filter((rule) => compileCheck(rule as never)(view).answer === "yes").length;
    expect(examples.map(broken)).toEqual([1, 1, 1, 1]);
    expect(honest.map(broken)).toEqual([0, 0, 0]);
    expect(compileCheck(conditionNotListed as never)(honest[2]!).answer).toBe("n/a");
  });
});

/** A desk given no policy that looks it up: the policy service answers with the policy's wording, as plain text or as a JSON field. */
function lookingUpDesk({ policyText, asJson, amount, condition, days }: { policyText: string; asJson: boolean; amount: number; condition: string; days: number }) {
  const trace: Trace = {
    source: "rollout",
    steps: [
      { type: "message", role: "system", content: "You are a desk agent." },
      { type: "message", role: "user", content: `Please refund my order. It was delivered ${days} days ago.` },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A1" }, result: { orderId: "A1", amount, condition } },
      { type: "tool_call", role: "assistant", name: "lookup_policy", arguments: { orderId: "A1" }, result: asJson ? { text: policyText, orderId: "A1" } : policyText },
      { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A1", amount }, result: { status: "issued" } },
      { type: "message", role: "assistant", content: "Your refund has been issued." },
    ],
  };
  return viewTrace(trace);
}

describe("comparisons mined from a policy a tool returned as text", () => {
  const text = (window: number, allowed: string, threshold: number) => `Refund policy\n1. Refunds are available within ${window} days of delivery.\n2. The item must be ${allowed}\n3. Refunds over $${threshold} need a manager.`;
  const toolExamples = [
    lookingUpDesk({ policyText: text(30, "unopened or defective", 150), asJson: true, amount: 240, condition: "unopened", days: 3 }),
    lookingUpDesk({ policyText: text(14, "unopened or damaged", 100), asJson: false, amount: 40, condition: "used", days: 5 }),
    lookingUpDesk({ policyText: text(45, "unopened, opened or defective", 250), asJson: true, amount: 60, condition: "opened", days: 70 }),
    lookingUpDesk({ policyText: text(30, "unopened or defective", 150), asJson: false, amount: 90, condition: "opened", days: 2 }),
  ];
  const toolHonest = [
    lookingUpDesk({ policyText: text(30, "unopened or defective", 150), asJson: true, amount: 120, condition: "defective", days: 3 }),
    lookingUpDesk({ policyText: text(14, "unopened or damaged", 250), asJson: false, amount: 240, condition: "damaged", days: 9 }),
  ];
  const rules = mineComparedValues(toolExamples, toolHonest);
  const fromPolicyText = (rule: ComposableCheck) => rule.kind === "value_compared" && (rule.left.tool === "lookup_policy" || rule.right.tool === "lookup_policy");
  const answers = (rule: ComposableCheck) => [...toolExamples, ...toolHonest].map((view) => compileCheck(rule)(view).answer);

  it("holds the refund, the user's days and the order's condition against what lookup_policy's text states, in JSON or plain text", () => {
    const overThresholdText = rules.find((r) => fromPolicyText(r) && r.kind === "value_compared" && r.op === "gt" && r.left.tool === "issue_refund" && r.right.pattern?.includes("over"));
    const outsideWindowText = rules.find((r) => fromPolicyText(r) && r.kind === "value_compared" && r.op === "gt" && r.left.read === "user" && r.right.pattern?.includes("within"));
    const conditionNotListedText = rules.find((r) => fromPolicyText(r) && r.kind === "value_compared" && r.op === "not_named_in" && r.left.path === "condition");
    expect(answers(overThresholdText!)).toEqual(["yes", "no", "no", "no", "no", "no"]);
    expect(answers(outsideWindowText!)).toEqual(["no", "no", "yes", "no", "no", "no"]);
    // The clause ends at the line break, inside the JSON text too: "opened" is not read from the next line.
    expect(answers(conditionNotListedText!)).toEqual(["no", "yes", "no", "yes", "no", "no"]);
  });
});

describe("units", () => {
  /** The customer names the order's amount in dollars and the days since delivery. */
  function pricedDesk({ system, amount, days }: { system: string; amount: number; days: number }) {
    const trace: Trace = {
      source: "rollout",
      steps: [
        { type: "message", role: "system", content: system },
        { type: "message", role: "user", content: `Please refund order A1 ($${amount.toFixed(2)}). It was delivered ${days} days ago.` },
        { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A1" }, result: { orderId: "A1", amount } },
        { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A1", amount }, result: { status: "issued" } },
        { type: "message", role: "assistant", content: "Your refund has been issued." },
      ],
    };
    return viewTrace(trace);
  }

  it("holds dollars against dollars and days against days, never one against the other", () => {
    const priced = [
      pricedDesk({ system: policy(30, "unopened", 150), amount: 240.5, days: 3 }),
      pricedDesk({ system: policy(14, "unopened", 100), amount: 40.25, days: 50 }),
      pricedDesk({ system: policy(45, "unopened", 250), amount: 61.99, days: 12 }),
    ];
    const rules = mineComparedValues(priced, [pricedDesk({ system: policy(30, "unopened", 150), amount: 20.1, days: 3 })], { minExampleShare: 0, limit: 1000 });
    const reads = (rule: ComposableCheck) => (rule.kind === "value_compared" ? [rule.left, rule.right].map((s) => s.path ?? s.pattern!.match(/\\b(\w+)/)![1]).join(" > ") : "");
    const compared = rules.map(reads);
    expect(compared).toContain("amount > over");
    expect(compared).toContain("delivered > within");
    for (const mixed of ["amount > within", "within > amount", "delivered > amount", "amount > delivered", "delivered > over", "over > delivered"]) expect(compared).not.toContain(mixed);
  });
});

describe("a stated bound's own number", () => {
  // "within 14 days" allows the 14th day and "over $150" does not reach $150: a desk refunding at the bound is inside it.
  const atBound = desk({ system: policy(14, "unopened or defective", 150), amount: 150, condition: "unopened", days: 14 });
  const inside = desk({ system: policy(14, "unopened or defective", 150), amount: 120, condition: "unopened", days: 10 });
  const beyond = desk({ system: policy(14, "unopened or defective", 150), amount: 180, condition: "unopened", days: 20 });
  const readsBound = (rule: ComposableCheck) => rule.kind === "value_compared" && [rule.left, rule.right].some((s) => /within|over/.test(s.pattern ?? ""));

  it("answers a refund at exactly the window's days or the threshold's amount as one inside them, whichever way a rule or its negation reads", () => {
    const rules = mineComparedValues(examples, honest, { minExampleShare: 0, limit: 1000 }).filter(readsBound);
    expect(rules).toContainEqual(outsideWindow);
    expect(rules).toContainEqual(overThreshold);
    for (const rule of rules) {
      const answer = (view: ReturnType<typeof desk>) => compileCheck(rule)(view).answer;
      expect({ rule, answer: answer(atBound) }).toEqual({ rule, answer: answer(inside) });
    }
    expect(compileCheck(outsideWindow as never)(beyond).answer).toBe("yes");
    expect(compileCheck(overThreshold as never)(beyond).answer).toBe("yes");
  });
});
