import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("takes the noun's number from the count and groups thousands", () => {
    expect(plural(1, "line")).toBe("1 line");
    expect(plural(0, "line")).toBe("0 lines");
    expect(plural(1120, "trace")).toBe("1,120 traces");
    expect(plural(2, "query", "queries")).toBe("2 queries");
  });
});
