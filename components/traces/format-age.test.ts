import { describe, expect, it } from "vitest";
import { formatAge } from "./format-age";

const now = new Date("2026-12-03T12:00:00Z");
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("formatAge", () => {
  it.each([
    [0, "now"],
    [-30, "now"],
    [59, "59 s"],
    [60, "1 min"],
    [3599, "59 min"],
    [3600 * 5 + 1800, "5 h"],
    [86_400 * 3, "3 d"],
    [86_400 * 59, "59 d"],
    [86_400 * 90, "3 mo"],
    [86_400 * 800, "2 y"],
  ])("%i seconds ago is %s", (seconds, expected) => {
    expect(formatAge(before(seconds), now)).toBe(expected);
  });
});
