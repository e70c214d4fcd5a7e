import { describe, expect, it } from "vitest";
import { normalizeToolArguments } from "./normalize-tool-arguments";

describe("normalizeToolArguments", () => {
  it("gives one text for the same arguments however they are written", () => {
    const canonical = normalizeToolArguments({ amount: 12.5, order: { id: "A1", lines: [1, 2] } });
    expect(normalizeToolArguments('{ "order": {"lines": [1.0, 2e0], "id": " A1 "},\n  "amount": 12.50 }')).toBe(canonical);
    expect(normalizeToolArguments({ order: { lines: [1, 2], id: "A1" }, amount: 12.5 })).toBe(canonical);
    expect(canonical).toBe('{"amount":12.5,"order":{"id":"A1","lines":[1,2]}}');
  });

  it("keeps apart what differs: strings are not numbers, list order counts", () => {
    expect(normalizeToolArguments({ id: "007" })).not.toBe(normalizeToolArguments({ id: 7 }));
    expect(normalizeToolArguments({ lines: [1, 2] })).not.toBe(normalizeToolArguments({ lines: [2, 1] }));
    expect(normalizeToolArguments({ note: "a  b" })).not.toBe(normalizeToolArguments({ note: "a b" }));
  });

  it("reads no arguments as an empty object and text that is not JSON as itself", () => {
    expect(normalizeToolArguments(undefined)).toBe("{}");
    expect(normalizeToolArguments("  ")).toBe("{}");
    expect(normalizeToolArguments(" ls -la ")).toBe('"ls -la"');
    expect(normalizeToolArguments({ x: -0 })).toBe('{"x":0}');
  });
});
