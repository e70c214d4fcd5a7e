import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../traces/hash-trace";
import { BackupDigest, encodeRow, type BackupRecord } from "./backup-record";

const records: BackupRecord[] = [
  { model: "Trace", data: { id: "a", reward: 0.5, metadata: { b: 1, a: [1, 2] } } },
  { model: "Trace", data: { id: "b", reward: null, metadata: null } },
  { model: "TraceStep", data: { id: "c", traceId: "a", content: "x" } },
];
const hashOf = (list: typeof records) => {
  const digest = new BackupDigest();
  for (const record of list) digest.add(record);
  return { counts: digest.counts, hash: digest.contentHash() };
};

describe("BackupDigest", () => {
  it("gives the same hash whatever order the rows come in, and whatever order their keys", () => {
    const reordered = [records[2]!, records[0]!, records[1]!].map((record) => ({ ...record, data: Object.fromEntries(Object.entries(record.data).reverse()) }));
    expect(hashOf(reordered)).toEqual(hashOf(records));
    expect(hashOf(records).counts).toEqual({ Trace: 2, TraceStep: 1 });
    expect(hashOf(records).hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("gives the same hash when the records are summed in two digests (two threads) and merged, the sums carrying across limbs", () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ model: i % 3 ? "TraceStep" : "Trace", data: { id: `r${i}`, content: "x".repeat(i % 17) } }));
    const one = new BackupDigest();
    const [left, right] = [new BackupDigest(), new BackupDigest()];
    many.forEach((record, i) => {
      one.add(record);
      (i % 2 ? left : right).add(record);
    });
    const merged = new BackupDigest();
    merged.add(many[0]!);
    const rest = new BackupDigest();
    for (const record of many.slice(1)) rest.add(record);
    left.merge(right.state());
    merged.merge(rest.state());
    expect(left.contentHash()).toBe(one.contentHash());
    expect(merged.contentHash()).toBe(one.contentHash());
    expect(left.counts).toEqual(one.counts);
  });

  it("changes when one value changes, or a record is missing", () => {
    const changed = records.map((record, index) => (index === 0 ? { ...record, data: { ...record.data, reward: 0.51 } } : record));
    expect(hashOf(changed).hash).not.toBe(hashOf(records).hash);
    expect(hashOf(records.slice(1)).hash).not.toBe(hashOf(records).hash);
  });

  it("is the SHA-256 of the counts and of the records' digests summed as 256-bit numbers, wrapping past 2^256", () => {
    const many: BackupRecord[] = Array.from({ length: 5_000 }, (_, i) => ({ model: i % 3 ? "TraceStep" : "Trace", data: { id: `r${i}`, n: i } }));
    let sum = 0n;
    for (const record of many) sum = (sum + BigInt(`0x${createHash("sha256").update(canonicalJson(record)).digest("hex")}`)) % (1n << 256n);
    const counts = { Trace: 1_667, TraceStep: 3_333 };
    const expected = `sha256:${createHash("sha256")
      .update(canonicalJson({ counts, sum: sum.toString(16) }))
      .digest("hex")}`;
    expect(hashOf(many)).toEqual({ counts, hash: expected });
  });
});

describe("encodeRow", () => {
  it("writes dates as ISO strings, bytes as base64 and big integers as strings", () => {
    expect(encodeRow("X", { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)), bytes: new Uint8Array([104, 105]), big: 2n ** 70n })).toEqual({
      at: "2026-01-02T03:04:05.006Z",
      bytes: "aGk=",
      big: "1180591620717411303424",
    });
  });

  it("refuses a number JSON cannot hold instead of writing null", () => {
    expect(() => encodeRow("MetricPoint", { id: "m1", value: Number.NaN })).toThrow(/MetricPoint m1: value is NaN/);
    expect(() => encodeRow("MetricPoint", { id: "m1", value: Number.POSITIVE_INFINITY })).toThrow(/Infinity/);
  });
});
