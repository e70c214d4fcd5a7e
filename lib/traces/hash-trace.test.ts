import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, hashTrace } from "./hash-trace";

describe("hashTrace", () => {
  it("is the sha256 of the canonical JSON without the externalId", () => {
    const trace = { steps: [{ role: "user" as const, content: "hi" }], externalId: "ignored" };
    const expected = createHash("sha256").update('{"steps":[{"content":"hi","role":"user"}]}').digest("hex");
    expect(hashTrace(trace)).toBe(`sha256:${expected}`);
  });

  it("does not depend on key order, and does on content", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
    expect(hashTrace({ input: "a", output: "b" })).toBe(hashTrace({ output: "b", input: "a" }));
    expect(hashTrace({ input: "a" })).not.toBe(hashTrace({ input: "b" }));
  });
});
