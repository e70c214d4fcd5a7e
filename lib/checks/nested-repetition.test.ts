import { describe, expect, it } from "vitest";
import { nestedRepetition } from "./nested-repetition";

describe("nestedRepetition", () => {
  it("finds a repetition of a repetition, the shape that backtracks exponentially", () => {
    expect(nestedRepetition("^(a+)+$")).toBe("(a+)+");
    expect(nestedRepetition("(\\w+\\s?)*done")).toBe("(\\w+\\s?)*");
    expect(nestedRepetition("x(?:(?:ab)*c){2,}")).toBe("(?:(?:ab)*c){2,}");
  });

  it("passes what the induced checks and reviewers write", () => {
    for (const pattern of ["(thank you.*){3,}", "\\bhas\\s+been\\s+issued\\b", "\\bare\\s+not\\s+((?:[^.;\\n\\\\]|\\\\(?!n))+)", "\\bover\\s+\\$(\\d[\\d,]*(?:\\.\\d+)?)", "(ab)?c+", "ORD-\\d{5}", "(a|b)+"]) {
      expect(nestedRepetition(pattern), pattern).toBeNull();
    }
  });

  it("leaves a pattern that does not parse to the engine's own error", () => {
    expect(nestedRepetition("(unclosed")).toBeNull();
  });
});
