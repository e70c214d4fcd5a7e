import { describe, expect, it } from "vitest";
import { stepColumns, toTraceRows } from "../traces/trace-rows";
import { openSource, type OpenedSource } from "./open-source";
import { readTraceRecords } from "./read-trace-records";
import { readTraceRecordsInWorker } from "./read-trace-records-in-worker";
import type { ImportRecord, TraceRecord } from "./trace-record";

const lines = [
  JSON.stringify({ externalId: "a", steps: [{ role: "user", content: "hello" }], outcome: { reward: 1 / 7 } }),
  "{not json",
  JSON.stringify({ externalId: "b", steps: [{ role: "robot" }] }),
  ...Array.from({ length: 25 }, (_, i) => JSON.stringify({ steps: [{ role: "user", content: `question ${i}` }, { type: "tool_call", role: "assistant", name: "lookup", arguments: { i } }] })),
];

async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  return all;
}

const stepTraceId = stepColumns.findIndex(([name]) => name === "traceId");

/** A record as its rows (a valid trace read here made into them as the thread does), trace ids left out: they are random. */
function comparable(record: ImportRecord) {
  if (!record.ok) return record;
  const rows = "rows" in record ? record.rows : toTraceRows(record.externalId, record.trace);
  return { location: record.location, format: record.format, externalId: record.externalId, trace: rows.trace.slice(1), steps: rows.steps.map((step) => step.filter((_, column) => column !== stepTraceId)) };
}

describe("readTraceRecordsInWorker", () => {
  it("hands over the same records, in order, as reading here does, from a source this thread relays chunk by chunk", async () => {
    const text = lines.join("\n");
    const here: TraceRecord[] = await collect(readTraceRecords({ text, fileName: "mixed.jsonl" }, { format: "native" }));
    const source = await openSource({ text, fileName: "mixed.jsonl" });
    const bytes = new TextEncoder().encode(text);
    const chunked: OpenedSource = { ...source, chunks: () => [bytes.subarray(0, 100), bytes.subarray(100)] };
    let position: number[] = [];
    const thread = await collect(readTraceRecordsInWorker(chunked, { format: "native", onBytesRead: (read, total) => (position = [read, total]) }, { batchSize: 4, batchesAhead: 1 }));
    expect(thread.map(comparable)).toEqual(here.map(comparable));
    expect(thread.filter((record) => !record.ok).map((record) => record.location.line)).toEqual([2, 3]);
    expect(position).toEqual([bytes.length, bytes.length]);
    // Each trace's steps point at its own row.
    for (const record of thread) if ("rows" in record) for (const step of record.rows.steps) expect(step[stepTraceId]).toBe(record.rows.trace[0]);
  }, 60_000);

  it("throws what reading the source throws, as reading here does", async () => {
    const source = await openSource({ text: lines.join("\n"), fileName: "cut.jsonl" });
    const failing: OpenedSource = {
      ...source,
      chunks: async function* () {
        yield new TextEncoder().encode(`${lines[0]}\n`);
        throw new Error("the upload cut.jsonl is missing its part 2 of 3");
      },
    };
    await expect(collect(readTraceRecordsInWorker(failing, { format: "native" }))).rejects.toThrow("the upload cut.jsonl is missing its part 2 of 3");
  }, 60_000);
});
