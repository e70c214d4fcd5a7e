import { describe, expect, it } from "vitest";
import { findJsonValueProblem, formatJsonPath } from "./find-json-value-problem";

describe("findJsonValueProblem", () => {
  it("counts the outermost container as level 1 and names the first container past the limit", () => {
    expect(findJsonValueProblem({ a: [1] }, { maxDepth: 2 })).toBeNull();
    expect(findJsonValueProblem({ a: [{ b: [] }] }, { maxDepth: 2 })).toEqual({ path: ["a", 0], message: "nested deeper than 2 levels" });
    expect(findJsonValueProblem("flat", { maxDepth: 0 })).toBeNull();
  });

  it("walks a value nested 100,000 deep without a stack overflow", () => {
    const value = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(findJsonValueProblem(value, { maxDepth: 128 })?.path).toHaveLength(128);
  });

  it("finds lone surrogates in strings and keys, and lets surrogate pairs through", () => {
    expect(findJsonValueProblem({ ok: "😀", list: ["x", "\ud800"] }, { maxDepth: 5 })).toEqual({ path: ["list", 1], message: expect.stringContaining("\\ud800 at character 1") });
    expect(findJsonValueProblem({ ["k\udc00"]: 1 }, { maxDepth: 5 })?.path).toEqual(["k\udc00"]);
  });

  it("finds a NUL character in a string or a key, which PostgreSQL cannot store", () => {
    expect(findJsonValueProblem({ steps: [{ content: "ab\u0000c" }] }, { maxDepth: 5 })).toEqual({ path: ["steps", 0, "content"], message: "holds a NUL character (\\u0000) at character 3, which cannot be stored" });
    expect(findJsonValueProblem({ meta: { ["\u0000"]: 1 } }, { maxDepth: 5 })?.path).toEqual(["meta", "\u0000"]);
    expect(findJsonValueProblem({ text: "\\u0000 written out is fine" }, { maxDepth: 5 })).toBeNull();
  });
});

describe("formatJsonPath", () => {
  it("writes paths as a reader would and shortens long ones in the middle", () => {
    expect(formatJsonPath(["steps", 3, "metadata", "a"])).toBe("steps[3].metadata.a");
    expect(formatJsonPath([0, "x"])).toBe("[0].x");
    expect(formatJsonPath(["a", 0, 0, 0, 0, 0, 0, 0, 0, "b"])).toBe("a[0][0][0][0][0]…[0].b");
    expect(formatJsonPath([])).toBe("(the body)");
  });
});
