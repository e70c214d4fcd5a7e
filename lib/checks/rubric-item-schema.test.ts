import { describe, expect, it } from "vitest";
import { rubricSchema } from "./rubric-item-schema";
import { good } from "./rubric-test-fixtures";

describe("rubric schema", () => {
  it("rejects duplicate keys, bad regexes, bad paths and missing values", () => {
    const check = { kind: "tool_called", tool: "x" } as const;
    expect(rubricSchema.safeParse({ items: [good("a", check), good("a", check)] }).success).toBe(false);
    expect(rubricSchema.safeParse({ items: [good("a", { kind: "regex", pattern: "(" })] }).success).toBe(false);
    expect(
      rubricSchema.safeParse({ items: [good("a", { kind: "json_path", path: "$..a", op: "exists" })] }).success,
    ).toBe(false);
    expect(
      rubricSchema.safeParse({ items: [good("a", { kind: "json_path", path: "$.a", op: "gt", value: "1" })] }).success,
    ).toBe(false);
  });

  it("refuses a weight past a million, naming the item, so no sum of weights overflows into a NaN reward", () => {
    const check = { kind: "tool_called", tool: "x" } as const;
    const parsed = rubricSchema.safeParse({ items: [good("a", check), { ...good("b", check), weight: 1e308 }] });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["items", 1, "weight"], message: "at most 1,000,000" })]);
    expect(rubricSchema.safeParse({ items: [{ ...good("a", check), weight: 1_000_000 }] }).success).toBe(true);
  });

  it("refuses a pattern that repeats a repetition, which could hold the server for minutes on a crafted reply", () => {
    const parsed = rubricSchema.safeParse({ items: [good("a", { kind: "regex", pattern: "^(a+)+$" })] });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["items", 0, "check", "pattern"], message: expect.stringMatching(/^\(a\+\)\+ repeats a part that itself repeats/) })]);
    const world = rubricSchema.safeParse({ items: [good("b", { kind: "tool_result", tool: "lookup_order", call: "last", pattern: "(\\w+,?)*x" })] });
    expect(world.error?.issues).toEqual([expect.objectContaining({ path: ["items", 0, "check", "pattern"] })]);
  });

  it("applies defaults", () => {
    const parsed = rubricSchema.parse({
      items: [{ key: "a", question: "?", polarity: "good", check: { kind: "regex", pattern: "x" } }],
    });
    expect(parsed.hackMode).toBe("zero");
    expect(parsed.items[0]?.weight).toBe(1);
    expect(parsed.items[0]?.check).toEqual({ kind: "regex", pattern: "x", target: "final_reply" });
  });
});
