import { describe, expect, it } from "vitest";
import { collectRecords } from "./fixtures/collect-records";
import { describeRecordError, summarizeRecords } from "./summarize-records";

describe("summarizeRecords", () => {
  it("counts good and rejected records and keeps the rejections' locations", async () => {
    const text = '{"steps":[{"role":"user","content":"a"}]}\n{"steps":[{"role":"bot"}]}\n';
    const records = await collectRecords({ text, fileName: "runs.jsonl" });
    const summary = summarizeRecords(records);
    expect(summary).toMatchObject({ total: 2, ok: 1, formats: { native: 2 } });
    expect(summary.rejected).toEqual([{ location: { file: "runs.jsonl", line: 2 }, error: expect.stringMatching(/^line 2: steps\[0\]\.role: Invalid option/) }]);
    const rejected = records.find((record) => !record.ok);
    expect(rejected && !rejected.ok && describeRecordError(rejected)).toMatch(/^runs\.jsonl: line 2: steps\[0\]\.role/);
  });
});
