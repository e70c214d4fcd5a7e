import { describe, expect, it } from "vitest";
import { checkFromForm, emptyCheckForm, formFromCheck, validateCheckForm, type CheckForm } from "./check-form";
import { checkKindSchema, rubricCheckSchema, type RubricCheckInput } from "../checks/rubric-check-schema";

const stored: RubricCheckInput[] = [
  { kind: "llm", prompt: "Is the reply polite?" },
  { kind: "regex", pattern: "thank you", flags: "i", target: "final_reply" },
  { kind: "regex", pattern: "A\\d+", target: "tool_arguments", tool: "issue_refund" },
  { kind: "tool_called", tool: "lookup_order" },
  { kind: "tool_called", tool: "issue_refund", argument: { path: "order_id", equals: "A123" } },
  {
    kind: "tool_not_called",
    tool: "issue_refund",
    argument: { path: "order_id", from: { source: "final_reply", pattern: "order #?([A-Z]\\d+)", flags: "i", group: 1 } },
  },
  { kind: "tool_order", before: "lookup_order", after: "issue_refund" },
  { kind: "step_count", count: "tool_calls", tool: "lookup_order", min: 1, max: 3 },
  { kind: "step_count", count: "steps", max: 40 },
  { kind: "reply_length", unit: "words", min: 5 },
  { kind: "json_path", path: "orders[0].refunded", op: "equals", value: true },
  { kind: "json_path", path: "order_id", op: "equals", value: "3" },
  { kind: "json_path", path: "total", op: "gt", value: 10.5 },
  { kind: "json_path", path: "refund", op: "exists" },
  { kind: "not", check: { kind: "tool_called", tool: "escalate" } },
  { kind: "tool_result", tool: "lookup_policy", call: "last", pattern: "not eligible", flags: "i" },
  { kind: "tool_result", tool: "lookup_policy", call: "any", path: "eligible", op: "equals", value: false },
  { kind: "value_carried", from: { tool: "lookup_order", read: "result", call: "last", path: "amount" }, to: { target: "tool_argument", tool: "issue_refund", path: "amount" } },
  {
    kind: "value_carried",
    from: { tool: "issue_refund", read: "arguments", call: "first", pattern: "\"order_id\":\"(\\w+)\"", group: 1 },
    to: { target: "final_reply", pattern: "order (\\w+)", flags: "i" },
  },
  { kind: "value_compared", left: { read: "tool_arguments", tool: "issue_refund", call: "last", path: "amount" }, op: "gt", right: { read: "system", pattern: "over \\$(\\d+)", flags: "i" } },
  { kind: "value_compared", left: { read: "tool_result", tool: "lookup_order", call: "first", path: "condition" }, op: "not_named_in", right: { read: "system" } },
  { kind: "value_compared", left: { read: "user", pattern: "delivered (\\d+) days ago", group: 1 }, op: "gt", right: { read: "tool_result", tool: "lookup_policy", call: "last", pattern: "within (\\d+) days" } },
  {
    kind: "implies",
    when: { kind: "tool_result", tool: "lookup_policy", path: "eligible", op: "falsy" },
    then: { kind: "tool_not_called", tool: "issue_refund" },
  },
  {
    kind: "all",
    checks: [
      { kind: "regex", pattern: "refund has been issued", flags: "i" },
      {
        kind: "any",
        checks: [
          { kind: "tool_not_called", tool: "issue_refund" },
          { kind: "not", check: { kind: "tool_order", before: "lookup_policy", after: "issue_refund" } },
        ],
      },
    ],
  },
];

describe("check form", () => {
  it.each(stored.map((check) => [check.kind, check] as const))("round-trips a stored %s check through the form unchanged", (_kind, check) => {
    const form = formFromCheck(rubricCheckSchema.parse(check));
    expect(rubricCheckSchema.parse(checkFromForm(form))).toEqual(rubricCheckSchema.parse(check));
    expect(validateCheckForm(form).errors).toEqual({});
  });

  it("offers a form for every check kind the schema knows", () => {
    for (const kind of checkKindSchema.options) expect(emptyCheckForm(kind).kind).toBe(kind);
  });

  it("leaves empty optional fields out instead of storing empty text", () => {
    const form: CheckForm = { kind: "regex", pattern: "sorry", flags: "", target: "any_assistant", tool: "" };
    expect(checkFromForm(form)).toEqual({ kind: "regex", pattern: "sorry", flags: undefined, target: "any_assistant", tool: undefined });
  });

  it("keeps a tool argument only when the reviewer asked for one", () => {
    const form = emptyCheckForm("tool_called") as Extract<CheckForm, { kind: "tool_called" | "tool_not_called" }>;
    const withTool = { ...form, tool: "issue_refund", argument: { ...form.argument, path: "order_id", equals: "A1" } };
    expect(checkFromForm(withTool)).toEqual({ kind: "tool_called", tool: "issue_refund", argument: undefined });
    expect(checkFromForm({ ...withTool, hasArgument: true })).toEqual({
      kind: "tool_called",
      tool: "issue_refund",
      argument: { path: "order_id", equals: "A1" },
    });
  });

  it("names the field of a bad value, nested inside composed checks", () => {
    const form: CheckForm = {
      kind: "all",
      checks: [
        { kind: "regex", pattern: "refund (issued", flags: "", target: "final_reply", tool: "" },
        { kind: "not", check: { kind: "step_count", count: "steps", tool: "", min: "5", max: "2" } },
        { kind: "reply_length", unit: "chars", min: "a lot", max: "" },
      ],
    };
    const { errors } = validateCheckForm(form);
    expect(Object.keys(errors).sort()).toEqual(["checks.0.pattern", "checks.1.check.max", "checks.2.min"]);
    expect(errors["checks.0.pattern"]).toMatch(/Unterminated group/);
    expect(errors["checks.1.check.max"]).toBe("max is below min");
    expect(errors["checks.2.min"]).toBe("Enter a number");
  });

  it("says what is wrong with a pattern or its flags in plain words", () => {
    const check = (pattern: string, flags: string) => validateCheckForm({ kind: "regex", pattern, flags, target: "final_reply", tool: "" }).errors;
    expect(check("thank (you", "i")).toEqual({ pattern: "Not a valid pattern: Unterminated group" });
    expect(check("thank you", "ix")).toEqual({ flags: expect.stringMatching(/^Flags are letters from d g i m s u v y: i for any case/) });
    expect(check("thank you", "ii")).toEqual({ flags: "Each flag letter once" });
  });

  it("reports a capture group the pattern does not have at the group field", () => {
    const form: CheckForm = {
      kind: "tool_called",
      tool: "issue_refund",
      hasArgument: true,
      argument: { path: "order_id", compare: "from", equals: "", source: "user", pattern: "order (\\w+)", flags: "", group: "2" },
    };
    expect(validateCheckForm(form).errors).toEqual({ "argument.from.group": "the pattern has 1 capture group" });
  });

  it("asks for a value where the operator needs one and a number where it compares", () => {
    expect(validateCheckForm({ kind: "json_path", path: "total", op: "gt", value: "" }).errors).toEqual({ value: 'op "gt" needs a value' });
    expect(validateCheckForm({ kind: "json_path", path: "total", op: "gt", value: "ten" }).errors).toEqual({ value: 'op "gt" needs a numeric value' });
    expect(validateCheckForm({ kind: "json_path", path: "total", op: "gt", value: "10" }).check).toEqual({
      kind: "json_path",
      path: "total",
      op: "gt",
      value: 10,
    });
  });

  it("says what an empty required field or a fractional count needs, in words", () => {
    expect(validateCheckForm({ kind: "tool_order", before: "", after: "issue_refund" }).errors).toEqual({ before: "Required" });
    expect(validateCheckForm({ kind: "reply_length", unit: "words", min: "2.5", max: "" }).errors).toEqual({ min: expect.stringMatching(/whole number|integer/) });
  });
});
