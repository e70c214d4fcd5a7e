// Each importer, forced with --format, fed the same malformed inputs: every error says where it
// is, and nothing malformed comes out as a trace.
import { describe, expect, it } from "vitest";
import { collectRecords } from "./fixtures/collect-records";
import { formatNames } from "./read-trace-records";

const encoder = new TextEncoder();
const invalidUtf8 = new Uint8Array([...encoder.encode('{"messages": [{"role": "user", "content": "caf'), 0xc3, 0x28, ...encoder.encode('"}]}\n')]);
const where = (record: { location: object }) => Object.keys(record.location).some((key) => key === "line" || key === "index");

describe.each(formatNames)("importer %s with malformed input", (format) => {
  it("says an empty file is empty", async () => {
    const records = await collectRecords({ text: "", fileName: "empty.json" }, { format });
    expect(records.map((record) => (record.ok ? "ok" : record.error))).toEqual(["file is empty"]);
  });

  it("names the line and column of truncated JSON", async () => {
    const records = await collectRecords({ text: '{"messages": [{"role": "user", "content": "hel', fileName: "cut.json" }, { format });
    expect(records.every((record) => !record.ok)).toBe(true);
    expect(records[0]).toMatchObject({ ok: false, error: expect.stringMatching(/line 1.*column \d+.*truncated/) });
  });

  it("names the line of invalid UTF-8", async () => {
    const records = await collectRecords({ bytes: invalidUtf8, fileName: "bad.json" }, { format });
    expect(records.every((record) => !record.ok)).toBe(true);
    expect(records[0]).toMatchObject({ ok: false, error: expect.stringMatching(/line 1: invalid UTF-8/) });
  });

  it("rejects values of the wrong type with where they are and what is wrong", async () => {
    const records = await collectRecords({ text: JSON.stringify([42, "text", { steps: "nope", messages: 7, trace: 3 }]), fileName: "types.json" }, { format });
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.ok).toBe(false);
      if (!record.ok) expect(record.error.length).toBeGreaterThan(10);
      expect(where(record) || records.length === 1).toBe(true);
    }
  });
});
