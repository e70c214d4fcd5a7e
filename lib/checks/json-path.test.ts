import { describe, expect, it } from "vitest";
import { parseJsonPath, resolveJsonPath } from "./json-path";

describe("json path", () => {
  it("parses dotted, indexed and quoted segments", () => {
    expect(parseJsonPath("$.refunds[0].orderId")).toEqual(["refunds", 0, "orderId"]);
    expect(parseJsonPath("audit.refundIssued")).toEqual(["audit", "refundIssued"]);
    expect(parseJsonPath(`$["a b"]['c\\'d'][-1]`)).toEqual(["a b", "c'd", -1]);
    expect(parseJsonPath("$")).toEqual([]);
  });

  it("rejects what it cannot read", () => {
    expect(() => parseJsonPath("$..a")).toThrow(/Invalid JSON path/);
    expect(() => parseJsonPath("$.a[*]")).toThrow(/Invalid JSON path/);
  });

  it("resolves, counting negative indexes from the end", () => {
    const root = { a: [{ b: 1 }, { b: 2 }], c: null };
    expect(resolveJsonPath(root, ["a", -1, "b"])).toEqual({ found: true, value: 2 });
    expect(resolveJsonPath(root, ["c"])).toEqual({ found: true, value: null });
    expect(resolveJsonPath(root, ["c", "d"])).toEqual({ found: false });
    expect(resolveJsonPath(root, ["a", 2])).toEqual({ found: false });
    expect(resolveJsonPath(root, ["toString"])).toEqual({ found: false });
  });
});
