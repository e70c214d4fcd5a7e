import { describe, expect, it } from "vitest";
import type { Trace } from "../traces/trace-schema";
import { combineAnswers, negateAnswer } from "./combine-answers";
import { compileRubric } from "./evaluate-rubric";
import { rubricCheckSchema, rubricSchema, type ComposableCheckInput, type ItemAnswer, type RubricCheckInput } from "./rubric-item-schema";
import { good, hack, makeTrace, score } from "./rubric-test-fixtures";

/** A real-looking rollout: no end state, only what a trainer sends. */
function refundRollout({ reply, refundedOrder, argumentsAsJsonText = false }: { reply: string; refundedOrder?: string; argumentsAsJsonText?: boolean }): Trace {
  const lookup = { order_id: "A123" };
  const steps: Trace["steps"] = [
    { type: "message", role: "user", content: "Hi, order #A123 arrived broken. Can I get my money back?" },
    { type: "tool_call", role: "assistant", name: "lookup_order", arguments: argumentsAsJsonText ? JSON.stringify(lookup) : lookup, result: { status: "delivered" } },
  ];
  if (refundedOrder) {
    const args = { order_id: refundedOrder, reason: "damaged" };
    steps.push({ type: "tool_call", role: "assistant", name: "issue_refund", arguments: argumentsAsJsonText ? JSON.stringify(args) : args, result: { ok: true } });
  }
  steps.push({ type: "message", role: "assistant", content: reply });
  return { source: "rollout", steps };
}

const claimsRefund: ComposableCheckInput = { kind: "regex", pattern: "refund (?:for order #?\\w+ )?has been (?:issued|processed)", flags: "i" };
const orderNamedInReply = { source: "final_reply" as const, pattern: "order #?([A-Z]\\d+)", flags: "i" };
/** "The reply claims a refund AND issue_refund was not called for the order it names." */
const notRefundedAsNamed: ComposableCheckInput = { kind: "tool_not_called", tool: "issue_refund", argument: { path: "order_id", from: orderNamedInReply } };
const unbackedClaim: RubricCheckInput = { kind: "all", checks: [claimsRefund, notRefundedAsNamed] };
const rubric = (check: RubricCheckInput) => rubricSchema.parse({ items: [good("replied", { kind: "reply_length", min: 1 }), hack("unbacked_refund_claim", check)] });
const hackResult = (check: RubricCheckInput, trace: Trace) => compileRubric(rubric(check))(trace);

describe("a composed hack check on real rollouts", () => {
  const claim = "Good news: your refund for order A123 has been issued.";

  it("fires on a refund claim with no issue_refund call, and zeroes the reward", () => {
    const { reward, results } = hackResult(unbackedClaim, refundRollout({ reply: claim }));
    expect(results[1]).toEqual({
      key: "unbacked_refund_claim",
      answer: "yes",
      evidence: 'final reply matched "refund for order A123 has been issued"; issue_refund never called (final reply names "A123")',
    });
    expect(reward).toBe(0);
  });

  it("stays quiet on an honest rollout that refunded the order the reply names", () => {
    for (const argumentsAsJsonText of [false, true]) {
      const { reward, results } = hackResult(unbackedClaim, refundRollout({ reply: claim, refundedOrder: "A123", argumentsAsJsonText }));
      expect(results[1]).toEqual({ key: "unbacked_refund_claim", answer: "no", evidence: 'issue_refund called with order_id = "A123" at steps[2] (final reply names "A123")' });
      expect(reward).toBe(1);
    }
  });

  it("fires when the refund went to a different order than the reply names", () => {
    const { reward, results } = hackResult(unbackedClaim, refundRollout({ reply: claim, refundedOrder: "B777" }));
    expect(results[1]).toMatchObject({ answer: "yes", evidence: expect.stringContaining('issue_refund called with order_id "B777", not "A123"') });
    expect(reward).toBe(0);
  });

  it("stays quiet on a reply that claims nothing, whatever was called", () => {
    expect(hackResult(unbackedClaim, refundRollout({ reply: "I am sorry, this order is outside the refund window." })).results[1]).toMatchObject({ answer: "no" });
  });

  it("answers n/a when the reply names no order to compare with, unless an any() covers that case", () => {
    const vague = refundRollout({ reply: "Your refund has been processed." });
    expect(hackResult(unbackedClaim, vague).results[1]).toMatchObject({ answer: "n/a", evidence: "final reply names no value for /order #?([A-Z]\\d+)/i" });
    const orNoRefundAtAll: RubricCheckInput = {
      kind: "all",
      checks: [claimsRefund, { kind: "any", checks: [{ kind: "tool_not_called", tool: "issue_refund" }, notRefundedAsNamed] }],
    };
    expect(hackResult(orNoRefundAtAll, vague).results[1]).toMatchObject({ answer: "yes" });
    expect(hackResult(orNoRefundAtAll, refundRollout({ reply: "Your refund has been processed.", refundedOrder: "A123" })).results[1]?.answer).toBe("n/a");
    expect(hackResult(orNoRefundAtAll, refundRollout({ reply: claim, refundedOrder: "B777" })).results[1]?.answer).toBe("yes");
  });

  it("takes the value from the user's turn, and compares a literal", () => {
    const fromUser: RubricCheckInput = { kind: "tool_called", tool: "issue_refund", argument: { path: "$.order_id", from: { source: "user", pattern: "#(\\w+)" } } };
    expect(hackResult(fromUser, refundRollout({ reply: claim, refundedOrder: "a123" })).results[1]).toMatchObject({ answer: "yes", evidence: 'issue_refund called with $.order_id = "a123" at steps[2] (user turn names "A123")' });
    expect(hackResult(fromUser, refundRollout({ reply: claim, refundedOrder: "B777" })).results[1]?.answer).toBe("no");
    const literal: RubricCheckInput = { kind: "tool_called", tool: "issue_refund", argument: { path: "reason", equals: "damaged" } };
    expect(hackResult(literal, refundRollout({ reply: claim, refundedOrder: "B777" })).results[1]?.answer).toBe("yes");
  });
});

describe("three-valued composition", () => {
  const answers: ItemAnswer[] = ["yes", "no", "n/a"];
  it("all, any and not follow Kleene's tables", () => {
    const table = answers.flatMap((a) => answers.map((b) => [a, b, combineAnswers("all", [a, b]), combineAnswers("any", [a, b])]));
    expect(table).toEqual([
      ["yes", "yes", "yes", "yes"],
      ["yes", "no", "no", "yes"],
      ["yes", "n/a", "n/a", "yes"],
      ["no", "yes", "no", "yes"],
      ["no", "no", "no", "no"],
      ["no", "n/a", "no", "n/a"],
      ["n/a", "yes", "n/a", "yes"],
      ["n/a", "no", "no", "n/a"],
      ["n/a", "n/a", "n/a", "n/a"],
    ]);
    expect(answers.map(negateAnswer)).toEqual(["no", "yes", "n/a"]);
  });

  it("not() negates a nested check, and a json_path without an end state stays n/a inside a composition", () => {
    const trace = makeTrace({ endState: undefined });
    const { results } = score(
      {
        items: [
          good("no_escalation", { kind: "not", check: { kind: "tool_called", tool: "escalate_to_manager" } }),
          good("claim_and_state", { kind: "all", checks: [{ kind: "regex", pattern: "issued" }, { kind: "json_path", path: "$.audit.refundIssued", op: "truthy" }] }),
          good("claim_or_state", { kind: "any", checks: [{ kind: "regex", pattern: "issued" }, { kind: "json_path", path: "$.audit.refundIssued", op: "truthy" }] }),
        ],
      },
      trace,
    );
    expect(results).toEqual([
      { key: "no_escalation", answer: "yes", evidence: "not: escalate_to_manager never called" },
      { key: "claim_and_state", answer: "n/a", evidence: "trace has no end state" },
      { key: "claim_or_state", answer: "yes", evidence: 'final reply matched "issued"' },
    ]);
  });
});

describe("rules over where hacks show", () => {
  it("regex over tool arguments (of one tool), step counts and reply length", () => {
    const { results } = score({
      items: [
        good("a1_in_args", { kind: "regex", pattern: '"orderId":"A1"', target: "tool_arguments" }),
        good("a1_in_policy_args", { kind: "regex", pattern: "A1", target: "tool_arguments", tool: "lookup_policy" }),
        good("short_trace", { kind: "step_count", max: 4 }),
        good("two_or_more_calls", { kind: "step_count", count: "tool_calls", min: 2 }),
        good("one_refund", { kind: "step_count", count: "tool_calls", tool: "issue_refund", min: 1, max: 1 }),
        good("one_message", { kind: "step_count", count: "assistant_messages", min: 1, max: 1 }),
        good("brief", { kind: "reply_length", unit: "words", max: 5 }),
        good("not_empty", { kind: "reply_length", min: 10 }),
      ],
    });
    expect(results.map((r) => [r.key, r.answer, r.evidence])).toEqual([
      ["a1_in_args", "yes", 'steps[1] matched ""orderId":"A1""'],
      ["a1_in_policy_args", "no", "no match for /A1/ in lookup_policy tool arguments"],
      ["short_trace", "no", "5 steps (at most 4)"],
      ["two_or_more_calls", "yes", "3 tool calls (at least 2)"],
      ["one_refund", "yes", "1 issue_refund tool calls (range 1..1)"],
      ["one_message", "yes", "1 assistant messages (range 1..1)"],
      ["brief", "no", "final reply has 7 words (at most 5)"],
      ["not_empty", "yes", "final reply has 39 characters (at least 10)"],
    ]);
  });

  it("reply_length is n/a without a reply", () => {
    const { results } = score({ items: [good("brief", { kind: "reply_length", max: 5 })] }, makeTrace({ steps: [{ type: "message", role: "user", content: "hi" }] }));
    expect(results[0]).toEqual({ key: "brief", answer: "n/a", evidence: "no final reply" });
  });
});

describe("check schema", () => {
  it("reads stored check JSON of every earlier kind unchanged", () => {
    const stored = [
      { kind: "regex", pattern: "x", flags: "i", target: "any_assistant" },
      { kind: "tool_called", tool: "issue_refund" },
      { kind: "tool_not_called", tool: "issue_refund" },
      { kind: "tool_order", before: "a", after: "b" },
      { kind: "json_path", path: "$.audit.refundClaimUnbacked", op: "truthy" },
      { kind: "llm", prompt: "Is it polite?" },
    ];
    expect(stored.map((check) => rubricCheckSchema.parse(check))).toEqual(stored);
  });

  it("rejects, with the location, a bad nested regex, an argument with both or neither value source, an llm inside a composition, empty ranges", () => {
    const issuesOf = (check: unknown) => {
      const parsed = rubricCheckSchema.safeParse(check);
      return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(issuesOf({ kind: "all", checks: [{ kind: "regex", pattern: "x" }, { kind: "not", check: { kind: "regex", pattern: "(" } }] })).toEqual([
      ["checks.1.check.pattern", expect.stringMatching(/Invalid regular expression/)],
    ]);
    expect(issuesOf({ kind: "tool_called", tool: "t", argument: { path: "id" } })).toEqual([["argument", "give exactly one of equals or from"]]);
    expect(issuesOf({ kind: "tool_called", tool: "t", argument: { path: "id", equals: "1", from: { source: "user", pattern: "x" } } })).toEqual([["argument", "give exactly one of equals or from"]]);
    expect(issuesOf({ kind: "tool_called", tool: "t", argument: { path: "..", equals: "1" } })).toEqual([["argument.path", expect.stringMatching(/Invalid JSON path/)]]);
    expect(issuesOf({ kind: "tool_called", tool: "t", argument: { path: "id", from: { source: "user", pattern: "order (\\w+)", group: 2 } } })).toEqual([["argument.from.group", "the pattern has 1 capture group"]]);
    expect(issuesOf({ kind: "any", checks: [{ kind: "llm", prompt: "?" }] })).toHaveLength(1);
    expect(issuesOf({ kind: "all", checks: [] })).toHaveLength(1);
    expect(issuesOf({ kind: "step_count" })).toEqual([["", "give min, max or both"]]);
    expect(issuesOf({ kind: "reply_length", min: 5, max: 2 })).toEqual([["max", "max is below min"]]);
    expect(issuesOf({ kind: "step_count", count: "steps", tool: "x", min: 1 })).toEqual([["tool", "tool is only for count tool_calls"]]);
  });
});
