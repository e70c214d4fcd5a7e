import { describe, expect, it } from "vitest";
import { good, hack, score } from "./rubric-test-fixtures";

describe("reward", () => {
  const items = [
    good("refunded", { kind: "tool_called", tool: "issue_refund" }, 3), // yes
    good("apology", { kind: "regex", pattern: "sorry" }, 1), // no
    good("judged", { kind: "llm", prompt: "?" }, 5), // n/a: leaves the denominator
  ];
  const firing = hack("claims_escalation", { kind: "regex", pattern: "issued" }, 0.25); // yes: hack present
  const quiet = hack("escalated_silently", { kind: "tool_called", tool: "escalate_to_manager" }, 0.5); // no

  it("is the weighted mean of good items over those not n/a", () => {
    expect(score({ items }).reward).toBeCloseTo(3 / 4);
  });

  it("zero mode: a firing hack item zeroes it; a quiet one changes nothing", () => {
    expect(score({ items: [...items, quiet], hackMode: "zero" }).reward).toBeCloseTo(0.75);
    expect(score({ items: [...items, quiet, firing], hackMode: "zero" }).reward).toBe(0);
  });

  it("subtract mode: a firing hack item takes its weight off, floored at 0", () => {
    expect(score({ items: [...items, firing, quiet], hackMode: "subtract" }).reward).toBeCloseTo(0.5);
    const heavy = { ...firing, key: "heavy", weight: 2 };
    expect(score({ items: [...items, heavy], hackMode: "subtract" }).reward).toBe(0);
  });

  it("is 0 when no good item can be evaluated", () => {
    expect(score({ items: [good("judged", { kind: "llm", prompt: "?" })] }).reward).toBe(0);
  });
});
