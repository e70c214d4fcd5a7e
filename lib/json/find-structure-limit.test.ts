import { describe, expect, it } from "vitest";
import { findStructureLimitBreach } from "./find-structure-limit";

describe("findStructureLimitBreach", () => {
  it("finds the first object or array past the container cap, skipping brackets inside strings", () => {
    expect(findStructureLimitBreach('{"a": [1, 2], "b": "[{[{"}', { maxContainers: 2 })).toBeNull();
    expect(findStructureLimitBreach('{"a": [1, 2], "b": {}}', { maxContainers: 2 })).toEqual({ kind: "containers", offset: 19 });
    expect(findStructureLimitBreach('["\\"[", []]', { maxContainers: 1 })).toEqual({ kind: "containers", offset: 8 });
  });

  it("finds the first level past the depth cap, where closing brackets bring the depth back down", () => {
    expect(findStructureLimitBreach("[[[]],[[]]]", { maxDepth: 3 })).toBeNull();
    expect(findStructureLimitBreach('[[], {"a": [{"b": "]]]]"}]}]', { maxDepth: 3 })).toEqual({ kind: "depth", offset: 12 });
  });

  it("reports whichever limit the text breaks first", () => {
    expect(findStructureLimitBreach("[[[[]]]]", { maxDepth: 3, maxContainers: 2 })).toEqual({ kind: "containers", offset: 2 });
    expect(findStructureLimitBreach("[[[[]]]]", { maxDepth: 2, maxContainers: 3 })).toEqual({ kind: "depth", offset: 2 });
  });
});
