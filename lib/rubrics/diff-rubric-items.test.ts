import { describe, expect, it } from "vitest";
import { diffRubricItems, type DiffableItem } from "./diff-rubric-items";

const composed = (tool: string) => ({ kind: "all", checks: [{ kind: "regex", pattern: "refund", target: "final_reply" }, { kind: "tool_not_called", tool }] });
const item = (check: unknown, position = 0): DiffableItem => ({ key: "unbacked", question: "Unbacked claim?", polarity: "hack", weight: 1, check, position });

describe("diff of composed checks", () => {
  it("shows a change deep inside a composition as a change of the item's check, and ignores key order", () => {
    expect(diffRubricItems([item(composed("issue_refund"))], [item(composed("refund_order"))]).changed).toEqual([
      { key: "unbacked", changes: [{ field: "check", from: composed("issue_refund"), to: composed("refund_order") }] },
    ]);
    const reordered = { checks: [{ target: "final_reply", pattern: "refund", kind: "regex" }, { tool: "issue_refund", kind: "tool_not_called" }], kind: "all" };
    expect(diffRubricItems([item(composed("issue_refund"))], [item(reordered)])).toMatchObject({ changed: [], unchanged: ["unbacked"] });
  });
});
