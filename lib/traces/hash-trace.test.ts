import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, hashTrace, hashTraceAndScored } from "./hash-trace";
import type { Trace } from "./trace-schema";

describe("hashTraceAndScored", () => {
  it("gives hashTrace of the trace and of the trace with the outcome, whatever fields it has", () => {
    const steps = [{ type: "message" as const, role: "assistant" as const, content: "done \\ \"ok\"" }];
    const traces: Trace[] = [
      { source: "rollout", environment: "lab", task: null, run: "r", step: 3, input: "q", output: "a", metadata: { label: 1 }, steps },
      { source: "rollout", steps, outcome: { reward: 0.25, success: true } },
      { steps: [] } as unknown as Trace,
      { outcome: { reward: 1 }, steps: [], zeta: 1 } as unknown as Trace,
      { aaa: undefined, outcome: undefined, steps } as unknown as Trace,
    ];
    for (const trace of traces) {
      for (const outcome of [{ reward: 0.5 }, { reward: null }, {}]) {
        expect(hashTraceAndScored(trace, outcome)).toEqual({ hash: hashTrace(trace), scoredHash: hashTrace({ ...trace, outcome }) });
      }
    }
  });
});

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

/** The definition canonicalJson is held to: JSON.stringify with a replacer that rebuilds each object with its keys assigned in sorted order. */
function replacerJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return current;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(current).sort()) sorted[key] = (current as Record<string, unknown>)[key];
    return sorted;
  });
}

describe("canonicalJson", () => {
  it("writes what the sorted-replacer JSON.stringify writes, byte for byte", () => {
    const values: unknown[] = [
      null,
      0,
      -0,
      1e21,
      1.5e-7,
      NaN,
      -Infinity,
      "plain",
      "quotes \" and \\ and \n and \u2028 and 😀 and \ud800 lone",
      true,
      [],
      {},
      [undefined, () => 1, Symbol("s"), null, NaN, [[]]],
      { b: undefined, a: () => 1, c: Symbol("s"), d: null },
      { 10: "ten", 2: "two", b: 1, a: 2, "01": "zero-one", "4294967295": "not an index", "4294967294": "last index", "-1": "negative" },
      JSON.parse('{"__proto__": {"x": 1}, "z": 1, "a": [1, {"__proto__": 5, "k": 2}]}'),
      { when: new Date("2026-12-05T07:00:00.123Z"), nested: { when: new Date(0) } },
      { own: { toJSON: (key: string) => `key ${key}` } },
      { z: { y: { x: [3, 2, 1, { c: 1, b: 2, a: 3 }] } }, "é": 1, e: 2, E: 3, "": 4, " ": 5 },
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(replacerJson(value));
    expect(canonicalJson({ steps: [{ role: "user", content: "hi", tool: { arguments: { b: 1, a: [1, 2] } } }] })).toBe(
      replacerJson({ steps: [{ role: "user", content: "hi", tool: { arguments: { b: 1, a: [1, 2] } } }] }),
    );
  });
});
