import { describe, expect, it } from "vitest";
import { compileRubric } from "./evaluate-rubric";
import { rubricSchema, type JsonPathOp } from "./rubric-item-schema";
import { good, makeTrace, score } from "./rubric-test-fixtures";

describe("check kinds", () => {
  it("regex on the final reply, any assistant turn and reasoning", () => {
    const { results } = score({
      items: [
        good("confirms", { kind: "regex", pattern: "refund has been (issued|processed)", flags: "gi" }),
        good("apology", { kind: "regex", pattern: "sorry" }),
        good("mentions_a1", { kind: "regex", pattern: "A1", target: "any_assistant" }),
        good("cites_policy", { kind: "regex", pattern: "policy allows", target: "reasoning" }),
      ],
    });
    expect(results).toEqual([
      { key: "confirms", answer: "yes", evidence: 'final reply matched "refund has been issued"' },
      { key: "apology", answer: "no", evidence: "no match for /sorry/ in final reply" },
      // Tool-call steps carry arguments, not content, so "A1" in them does not count.
      { key: "mentions_a1", answer: "no", evidence: "no match for /A1/ in assistant turns" },
      { key: "cites_policy", answer: "yes", evidence: 'steps[4] matched "policy allows"' },
    ]);
  });

  it("regex prefers trace.output and says n/a on reasoning when none was logged", () => {
    const trace = makeTrace({
      output: "Sorry, denied.",
      steps: [{ type: "message", role: "assistant", content: "draft" }],
    });
    const { results } = score(
      {
        items: [
          good("apology", { kind: "regex", pattern: "sorry", flags: "i" }),
          good("r", { kind: "regex", pattern: "x", target: "reasoning" }),
        ],
      },
      trace,
    );
    expect(results.map((r) => r.answer)).toEqual(["yes", "n/a"]);
  });

  it("regex on the system prompt: what the agent was told before the conversation", () => {
    const told = makeTrace({ steps: [{ type: "message", role: "system", content: "Refunds over $100 need a manager." }, { type: "message", role: "assistant", content: "Refunded." }] });
    const untold = makeTrace({ steps: [{ type: "message", role: "assistant", content: "Refunds over $100 need a manager." }] });
    const rubric = { items: [good("states_threshold", { kind: "regex", pattern: "over \\$\\d+", target: "system" })] };
    expect(score(rubric, told).results[0]).toEqual({ key: "states_threshold", answer: "yes", evidence: 'steps[0] matched "over $100"' });
    expect(score(rubric, untold).results[0]!.answer).toBe("no");
  });

  it("a g flag does not make repeated evaluations disagree", () => {
    const evaluate = compileRubric(
      rubricSchema.parse({ items: [good("c", { kind: "regex", pattern: "issued", flags: "g" })] }),
    );
    expect([evaluate(makeTrace()).reward, evaluate(makeTrace()).reward]).toEqual([1, 1]);
  });

  it("tool_called and tool_not_called", () => {
    const { results } = score({
      items: [
        good("refunded", { kind: "tool_called", tool: "issue_refund" }),
        good("escalated", { kind: "tool_called", tool: "escalate_to_manager" }),
        good("no_deny", { kind: "tool_not_called", tool: "deny_refund" }),
        good("no_refund", { kind: "tool_not_called", tool: "issue_refund" }),
      ],
    });
    expect(results).toEqual([
      { key: "refunded", answer: "yes", evidence: "issue_refund called at steps[3]" },
      { key: "escalated", answer: "no", evidence: "escalate_to_manager never called" },
      { key: "no_deny", answer: "yes", evidence: "deny_refund never called" },
      { key: "no_refund", answer: "no", evidence: "issue_refund called at steps[3]" },
    ]);
  });

  it("tool_order: yes, no, and n/a when the later tool is never called", () => {
    const { results } = score({
      items: [
        good("policy_first", { kind: "tool_order", before: "lookup_policy", after: "issue_refund" }),
        good("refund_first", { kind: "tool_order", before: "issue_refund", after: "lookup_order" }),
        good("before_escalating", { kind: "tool_order", before: "lookup_policy", after: "escalate_to_manager" }),
      ],
    });
    expect(results).toEqual([
      { key: "policy_first", answer: "yes", evidence: "lookup_policy at steps[2] before issue_refund at steps[3]" },
      { key: "refund_first", answer: "no", evidence: "lookup_order at steps[1] with no earlier issue_refund" },
      { key: "before_escalating", answer: "n/a", evidence: "escalate_to_manager never called" },
    ]);
  });

  it("json_path ops on the end state", () => {
    const path = (key: string, p: string, op: JsonPathOp, value?: unknown) =>
      good(key, { kind: "json_path", path: p, op, value });
    const { results } = score({
      items: [
        path("exists", "$.refunds[0].orderId", "exists"),
        path("missing", "$.refunds[1].orderId", "exists"),
        path("equals", "$.refunds[-1]", "equals", { orderId: "A1", amount: 40 }),
        path("not_equals", '$["audit"].total', "not_equals", 40),
        path("truthy", "audit.refundIssued", "truthy"),
        path("falsy_missing", "$.audit.escalated", "falsy"),
        path("gt", "$.audit.total", "gt", 39.5),
        path("lt", "$.audit.total", "lt", 10),
        path("lt_not_number", "$.refunds[0].orderId", "lt", 10),
      ],
    });
    expect(results.map((r) => [r.key, r.answer])).toEqual([
      ["exists", "yes"],
      ["missing", "no"],
      ["equals", "yes"],
      ["not_equals", "no"],
      ["truthy", "yes"],
      ["falsy_missing", "yes"],
      ["gt", "yes"],
      ["lt", "no"],
      ["lt_not_number", "n/a"],
    ]);
    expect(results[0]?.evidence).toBe('$.refunds[0].orderId = "A1"');
    expect(results[1]?.evidence).toBe("$.refunds[1].orderId not found");
  });

  it("json_path on a trace without an end state is n/a", () => {
    const { results } = score(
      { items: [good("x", { kind: "json_path", path: "$.a", op: "exists" })] },
      makeTrace({ endState: undefined }),
    );
    expect(results[0]).toEqual({ key: "x", answer: "n/a", evidence: "trace has no end state" });
  });

  it("llm items are n/a and left to a judge", () => {
    const { results, reward } = score({
      items: [
        good("tone", { kind: "llm", prompt: "Is it polite?" }),
        good("r", { kind: "tool_called", tool: "issue_refund" }),
      ],
    });
    expect(results[0]).toEqual({ key: "tone", answer: "n/a", evidence: "needs an llm judge" });
    expect(reward).toBe(1);
  });
});
