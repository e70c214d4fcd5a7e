import { describe, expect, it } from "vitest";
import { collectRecords } from "./fixtures/collect-records";
import { formatNames } from "./format-name";

// Whatever format is forced (CLI --format, API ?format=), JSON that is not that format gives errors, never a trace.
const bodies = ['{"foo": 1}', '[{"foo": 1}, {"bar": 2}]', '{"foo": 1}\n{"bar": 2}\n', "{}", "[{}]"];

describe("unknown JSON in every format", () => {
  it.each(formatNames)("%s reads no trace from unknown JSON and says why", async (format) => {
    for (const text of bodies) {
      const records = await collectRecords({ text }, { format });
      expect(records.length, `${format}: ${text}`).toBeGreaterThan(0);
      for (const record of records) {
        expect(record.ok, `${format}: ${text}`).toBe(false);
        if (!record.ok) expect(record.error.length).toBeGreaterThan(10);
      }
    }
  });

  it("is not detected as any format", async () => {
    for (const text of bodies) {
      const records = await collectRecords({ text });
      expect(records.every((record) => !record.ok)).toBe(true);
    }
  });
});
