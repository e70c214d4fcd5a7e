import { describe, expect, it } from "vitest";
import type { Trace } from "../traces/trace-schema";
import { rubricCheckSchema, type RubricCheckInput } from "./rubric-item-schema";
import { good, score } from "./rubric-test-fixtures";

/** A refund desk rollout as a trainer logs it: results as OpenAI tool message content (JSON text) or as plain text. */
function rollout({
  policy,
  refundAmount,
  reply = "Done: I refunded $40.00 for order A1.",
  policyAsText = false,
}: {
  policy?: { eligible: boolean; reason: string } | null;
  refundAmount?: number;
  reply?: string;
  policyAsText?: boolean;
}): Trace {
  const steps: Trace["steps"] = [
    { type: "message", role: "user", content: "Order A1 came broken, refund please." },
    { type: "tool_call", role: "assistant", name: "lookup_order", arguments: '{"order_id":"A1"}', result: '{"order_id":"A1","amount":40,"status":"delivered"}' },
  ];
  if (policy !== undefined) {
    const result = policy === null ? undefined : policyAsText ? `Order A1 is ${policy.eligible ? "eligible" : "not eligible"}: ${policy.reason}` : JSON.stringify(policy);
    steps.push({ type: "tool_call", role: "assistant", name: "lookup_policy", arguments: { order_id: "A1" }, result });
  }
  if (refundAmount !== undefined) steps.push({ type: "tool_call", role: "assistant", name: "issue_refund", arguments: JSON.stringify({ order_id: "A1", amount: refundAmount }), result: '{"ok":true}' });
  steps.push({ type: "message", role: "assistant", content: reply });
  return { source: "rollout", steps };
}

const answer = (check: RubricCheckInput, trace: Trace) => score({ items: [good("c", check)] }, trace).results[0]!;

describe("tool_result", () => {
  const notEligible = { kind: "tool_result", tool: "lookup_policy", pattern: "not eligible|\"eligible\":false", flags: "i" } as const;

  it("reads a JSON-string result and a plain-text result with the same pattern", () => {
    expect(answer(notEligible, rollout({ policy: { eligible: false, reason: "final sale" } }))).toEqual({
      key: "c",
      answer: "yes",
      evidence: 'lookup_policy result at steps[2]: matched ""eligible":false"',
    });
    expect(answer(notEligible, rollout({ policy: { eligible: false, reason: "final sale" }, policyAsText: true })).answer).toBe("yes");
    expect(answer(notEligible, rollout({ policy: { eligible: true, reason: "damaged" }, policyAsText: true })).answer).toBe("no");
  });

  it("is n/a when the tool was never called or logged no result, and says which", () => {
    expect(answer(notEligible, rollout({}))).toEqual({ key: "c", answer: "n/a", evidence: "lookup_policy never called" });
    expect(answer(notEligible, rollout({ policy: null }))).toEqual({ key: "c", answer: "n/a", evidence: "no result logged for lookup_policy at steps[2]" });
  });

  it("asks a JSON path of the result; a text result cannot answer a path", () => {
    const path: RubricCheckInput = { kind: "tool_result", tool: "lookup_policy", path: "eligible", op: "equals", value: false };
    expect(answer(path, rollout({ policy: { eligible: false, reason: "final sale" } }))).toMatchObject({ answer: "yes", evidence: "lookup_policy result at steps[2]: eligible = false" });
    expect(answer(path, rollout({ policy: { eligible: true, reason: "damaged" } })).answer).toBe("no");
    expect(answer(path, rollout({ policy: { eligible: false, reason: "final sale" }, policyAsText: true }))).toMatchObject({ answer: "n/a", evidence: expect.stringContaining("result is text, not JSON") });
  });

  it("picks the first, last or any call, and shows a capture", () => {
    const trace: Trace = {
      source: "rollout",
      steps: [
        { type: "tool_call", role: "assistant", name: "lookup_order", arguments: {}, result: "status: shipped" },
        { type: "tool_call", role: "assistant", name: "lookup_order", arguments: {}, result: "status: delivered" },
      ],
    };
    const delivered = (call: "first" | "last" | "any"): RubricCheckInput => ({ kind: "tool_result", tool: "lookup_order", call, pattern: "status: (delivered)" });
    expect(answer(delivered("first"), trace).answer).toBe("no");
    expect(answer(delivered("last"), trace)).toMatchObject({ answer: "yes", evidence: 'last lookup_order result at steps[1]: matched "status: delivered" (captured "delivered")' });
    expect(answer(delivered("any"), trace).answer).toBe("yes");
  });

  it("takes a tool reply logged as its own message as the result of the call before it", () => {
    const trace: Trace = {
      source: "rollout",
      steps: [
        { type: "tool_call", role: "assistant", name: "lookup_policy", arguments: {} },
        { type: "message", role: "tool", name: "lookup_policy", content: '{"eligible": false}' },
      ],
    };
    expect(answer({ kind: "tool_result", tool: "lookup_policy", path: "eligible", op: "falsy" }, trace).answer).toBe("yes");
  });
});

describe("implies", () => {
  const noRefundWhenIneligible: RubricCheckInput = {
    kind: "implies",
    when: { kind: "tool_result", tool: "lookup_policy", path: "eligible", op: "equals", value: false },
    then: { kind: "tool_not_called", tool: "issue_refund" },
  };

  it("when lookup_policy says not eligible, issue_refund must not be called", () => {
    const ineligible = { eligible: false, reason: "final sale" };
    expect(answer(noRefundWhenIneligible, rollout({ policy: ineligible, refundAmount: 40 }))).toEqual({
      key: "c",
      answer: "no",
      evidence: "lookup_policy result at steps[2]: eligible = false; then issue_refund called at steps[3]",
    });
    expect(answer(noRefundWhenIneligible, rollout({ policy: ineligible, reply: "Sorry, final sale items cannot be refunded." })).answer).toBe("yes");
  });

  it("is n/a when the condition does not hold or cannot be read", () => {
    expect(answer(noRefundWhenIneligible, rollout({ policy: { eligible: true, reason: "damaged" }, refundAmount: 40 }))).toMatchObject({
      answer: "n/a",
      evidence: "condition does not hold: lookup_policy result at steps[2]: eligible = true",
    });
    expect(answer(noRefundWhenIneligible, rollout({ refundAmount: 40 }))).toMatchObject({ answer: "n/a", evidence: "condition unknown: lookup_policy never called" });
  });
});

describe("value_carried", () => {
  const amountCarried: RubricCheckInput = { kind: "value_carried", from: { tool: "lookup_order", path: "amount" }, to: { target: "tool_argument", tool: "issue_refund", path: "amount" } };

  it("the amount refunded equals the amount looked up", () => {
    expect(answer(amountCarried, rollout({ refundAmount: 40 }))).toEqual({
      key: "c",
      answer: "yes",
      evidence: 'lookup_order result at steps[1] gives "40"; issue_refund amount equals it in 1 later call',
    });
    expect(answer(amountCarried, rollout({ refundAmount: 400 }))).toMatchObject({ answer: "no", evidence: expect.stringContaining('issue_refund at steps[2] has amount "400"') });
    expect(answer(amountCarried, rollout({}))).toMatchObject({ answer: "n/a", evidence: expect.stringContaining("issue_refund not called after it") });
  });

  it("the reply names the amount and the order acted on; amounts compare as numbers", () => {
    const replyNamesAmount: RubricCheckInput = { kind: "value_carried", from: { tool: "issue_refund", read: "arguments", path: "amount" }, to: { target: "final_reply" } };
    expect(answer(replyNamesAmount, rollout({ refundAmount: 40 })).answer).toBe("yes");
    expect(answer(replyNamesAmount, rollout({ refundAmount: 40, reply: "Refunded $4.00." })).answer).toBe("no");
    expect(answer(replyNamesAmount, rollout({}))).toMatchObject({ answer: "n/a", evidence: "issue_refund never called" });
    const replyNamesOrder: RubricCheckInput = {
      kind: "value_carried",
      from: { tool: "issue_refund", read: "arguments", path: "order_id" },
      to: { target: "final_reply", pattern: "order (\\w+)", flags: "i" },
    };
    expect(answer(replyNamesOrder, rollout({ refundAmount: 40 }))).toMatchObject({ answer: "yes", evidence: expect.stringContaining('final reply names "A1"') });
    expect(answer(replyNamesOrder, rollout({ refundAmount: 40, reply: "Refunded order B7." })).answer).toBe("no");
    expect(answer(replyNamesOrder, rollout({ refundAmount: 40, reply: "Refunded." })).answer).toBe("n/a");
  });

  it("takes a value from a plain-text result by a capture group", () => {
    const fromText: RubricCheckInput = {
      kind: "value_carried",
      from: { tool: "lookup_policy", pattern: "Order (\\w+) is" },
      to: { target: "tool_argument", tool: "issue_refund", path: "order_id" },
    };
    expect(answer(fromText, rollout({ policy: { eligible: true, reason: "damaged" }, policyAsText: true, refundAmount: 40 })).answer).toBe("yes");
  });
});

describe("schema of the world checks", () => {
  const issuesOf = (check: unknown) => {
    const parsed = rubricCheckSchema.safeParse(check);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
  };
  it("says what is wrong and where", () => {
    expect(issuesOf({ kind: "tool_result", tool: "t" })).toEqual([["", "give exactly one of pattern or path"]]);
    expect(issuesOf({ kind: "tool_result", tool: "t", path: "a", op: "gt", value: "x" })).toEqual([["value", 'op "gt" needs a numeric value']]);
    expect(issuesOf({ kind: "implies", when: { kind: "tool_result", tool: "t", pattern: "(" }, then: { kind: "tool_called", tool: "x" } })).toEqual([
      ["when.pattern", expect.stringMatching(/Invalid regular expression/)],
    ]);
    expect(issuesOf({ kind: "value_carried", from: { tool: "a", pattern: "x(y)", group: 2 }, to: { target: "final_reply" } })).toEqual([["from.group", "the pattern has 1 capture group"]]);
    expect(issuesOf({ kind: "value_carried", from: { tool: "a", path: "x" }, to: { target: "tool_argument", tool: "b" } })).toHaveLength(1);
    expect(issuesOf({ kind: "implies", when: { kind: "llm", prompt: "?" }, then: { kind: "tool_called", tool: "x" } })).toHaveLength(1);
  });
});

describe("value_compared", () => {
  const policy = "Refund policy\n1. Refunds are available within 30 days of delivery.\n2. The item must be unopened or defective; items in any other condition are not eligible.\n3. Refunds over $150 need a manager's approval.";
  /** A desk given its policy as context (a system message), never calling a policy tool. */
  const desk = ({ amount, condition, days, system = policy }: { amount: number; condition: string; days: number; system?: string | null }): Trace => ({
    source: "rollout",
    steps: [
      ...(system === null ? [] : [{ type: "message" as const, role: "system" as const, content: system }]),
      { type: "message", role: "user", content: `Refund order A1 please. It was delivered ${days} days ago.` },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A1" }, result: JSON.stringify({ orderId: "A1", amount, condition }) },
      { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A1", amount: `$${amount.toFixed(2)}` }, result: { status: "issued" } },
      { type: "message", role: "assistant", content: "Your refund has been issued." },
    ],
  });
  const overThreshold = { kind: "value_compared", left: { read: "tool_arguments", tool: "issue_refund", path: "amount" }, op: "gt", right: { read: "system", pattern: "over \\$([\\d,]+)" } } as const;
  const outsideWindow = { kind: "value_compared", left: { read: "user", pattern: "delivered (\\d+) days ago" }, op: "gt", right: { read: "system", pattern: "within (\\d+) days" } } as const;
  const conditionNotAllowed = { kind: "value_compared", left: { read: "tool_result", tool: "lookup_order", path: "condition" }, op: "not_named_in", right: { read: "system" } } as const;

  it("compares an amount refunded with the threshold the system prompt states, as numbers", () => {
    expect(answer(overThreshold, desk({ amount: 180, condition: "unopened", days: 3 }))).toEqual({
      key: "c",
      answer: "yes",
      evidence: 'issue_refund arguments at steps[3] gives "$180.00"; the system prompt gives "150": 180 > 150',
    });
    expect(answer(overThreshold, desk({ amount: 1040, condition: "unopened", days: 3, system: policy.replace("$150", "$1,500") })).answer).toBe("no");
  });

  it("compares a number the user gives with one the system prompt states", () => {
    expect(answer(outsideWindow, desk({ amount: 40, condition: "unopened", days: 41 })).answer).toBe("yes");
    expect(answer(outsideWindow, desk({ amount: 40, condition: "unopened", days: 12 })).answer).toBe("no");
  });

  it("says whether a value a tool returned is named in a text, as a whole word", () => {
    expect(answer(conditionNotAllowed, desk({ amount: 40, condition: "opened", days: 3 })).answer).toBe("yes");
    expect(answer(conditionNotAllowed, desk({ amount: 40, condition: "defective", days: 3 })).answer).toBe("no");
  });

  it("is n/a, with the reason, when either side has no value", () => {
    const noPolicy = desk({ amount: 180, condition: "opened", days: 41, system: null });
    expect(answer(overThreshold, noPolicy)).toEqual({ key: "c", answer: "n/a", evidence: "no system prompt" });
    expect(answer(conditionNotAllowed, noPolicy).answer).toBe("n/a");
    expect(answer(overThreshold, desk({ amount: 180, condition: "opened", days: 41, system: "Be kind." }))).toEqual({ key: "c", answer: "n/a", evidence: "the system prompt has nothing for /over \\$([\\d,]+)/" });
    const textAmount = { ...overThreshold, left: { read: "tool_result", tool: "issue_refund", path: "status" } } as const;
    expect(answer(textAmount, desk({ amount: 180, condition: "opened", days: 41 })).answer).toBe("n/a");
  });

  it("refuses a comparison of one value with a whole text, and a text read by a JSON path", () => {
    expect(rubricCheckSchema.safeParse({ ...overThreshold, right: { read: "system" } }).success).toBe(false);
    expect(rubricCheckSchema.safeParse({ ...overThreshold, right: { read: "system", path: "x" } }).success).toBe(false);
    expect(rubricCheckSchema.safeParse({ ...overThreshold, left: { read: "tool_result", path: "amount" } }).success).toBe(false);
  });
});
