import { describe, expect, it } from "vitest";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import { factorCommonParts } from "./factor-common-parts";

const refunded: ComposableCheck = { kind: "tool_called", tool: "issue_refund" };
const overThreshold: ComposableCheck = { kind: "tool_result", tool: "lookup_order", call: "last", path: "amount", op: "gt", value: 250 };
const used: ComposableCheck = { kind: "tool_result", tool: "lookup_order", call: "any", path: "condition", op: "equals", value: "used" };

describe("factorCommonParts", () => {
  it("writes the shared condition once and the alternatives beside each other", () => {
    expect(factorCommonParts([{ kind: "all", checks: [refunded, overThreshold] }, { kind: "all", checks: [refunded, used] }])).toEqual({
      kind: "all",
      checks: [refunded, { kind: "any", checks: [overThreshold, used] }],
    });
  });

  it("writes an alternative reached twice once", () => {
    // The same clause offered under the act and found again as a face that already holds the act.
    const factored = factorCommonParts([
      { kind: "all", checks: [refunded, overThreshold] },
      { kind: "all", checks: [refunded, used] },
      { kind: "all", checks: [refunded, overThreshold] },
    ]);
    expect(factored).toEqual({ kind: "all", checks: [refunded, { kind: "any", checks: [overThreshold, used] }] });
    expect(factorCommonParts([{ kind: "all", checks: [refunded, used] }, { kind: "all", checks: [refunded, used] }])).toEqual({ kind: "all", checks: [refunded, used] });
  });

  it("keeps alternatives with nothing in common as they are, each once", () => {
    expect(factorCommonParts([overThreshold, used, overThreshold])).toEqual({ kind: "any", checks: [overThreshold, used] });
  });
});
