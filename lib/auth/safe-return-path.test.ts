import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this app with its query and fragment", () => {
    expect(safeReturnPath("/traces/abc123")).toBe("/traces/abc123");
    expect(safeReturnPath("/review?run=r1&status=open")).toBe("/review?run=r1&status=open");
    expect(safeReturnPath("/rubrics/v2#item-3")).toBe("/rubrics/v2#item-3");
  });

  it("sends every way out of the origin to /review", () => {
    for (const attack of [
      "https://evil.example/review",
      "//evil.example/review",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "http:evil.example",
      "evil.example",
      "",
      " /review",
    ]) {
      expect(safeReturnPath(attack), attack).toBe("/review");
    }
  });

  it("does not loop back to the sign-in page or into the API, and ignores what is not a string", () => {
    expect(safeReturnPath("/login?next=/traces")).toBe("/review");
    expect(safeReturnPath("/api/v1/hacks")).toBe("/review");
    expect(safeReturnPath(undefined)).toBe("/review");
    expect(safeReturnPath(["/traces"])).toBe("/review");
  });

  it("resolves dot segments within the app rather than trusting them", () => {
    expect(safeReturnPath("/traces/../settings")).toBe("/settings");
    expect(safeReturnPath("/..//evil.example")).toBe("/review");
  });
});
