import { describe, expect, it } from "vitest";
import { timeOrderedId } from "./time-ordered-id";

describe("timeOrderedId", () => {
  it("makes unique UUID version 7 ids that sort in the order they were made", () => {
    const ids = Array.from({ length: 300_000 }, timeOrderedId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
  });

  it("starts with the time it was made", () => {
    const before = Date.now();
    const id = timeOrderedId();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThan(before + 60_000);
  });
});
