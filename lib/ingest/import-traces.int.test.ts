import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { datasetsDir } from "./fixtures/collect-records";
import { importTraceSource, inWorkerFromBytes } from "./import-trace-source";
import { importTraces, type ImportProgress } from "./import-traces";
import { readTraceRecords } from "./read-trace-records";

const db = getDb();
let projectId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "import")).id;
});
afterAll(() => deleteProject(db, projectId));

// Record counts as each dataset's README states them (the same table as datasets.test.ts).
const datasets: Record<string, number> = {
  "tau-bench/gpt-4o-airline.json": 200,
  "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json": 20,
  "tau2-judge-viewer/azure-airline-full.json": 50,
  "langfuse-framework-traces/openai-agents-2025-09-30.trace.json": 1,
  "langfuse-framework-traces/claude-agent-2025-12-22.trace.json": 1,
  "langfuse-framework-traces/langgraph-python-2025-08-22.trace.json": 1,
  "langfuse-framework-traces/crewai-2025-07-11.trace.json": 1,
  "inspect-ai-logs/2025-05-12T20-27-36-04-00_browser.json": 1,
  "inspect-ai-logs/2025-05-12T20-28-26-04-00_security-guide.json": 3,
  "inspect-ai-logs/log_tool_call_error.json": 1,
  "inspect-ai-logs/log_read_sample.json": 1,
};
const traceCount = () => db.trace.count({ where: { projectId } });
const stepCount = () => db.traceStep.count({ where: { trace: { projectId } } });

describe("importTraces", () => {
  it.each(Object.entries(datasets))("imports %s with its README's count, then again as duplicates only", async (file, count) => {
    const path = join(datasetsDir, file);
    const before = await traceCount();
    const first = await importTraceSource(db, { projectId, input: { path } });
    expect(first).toEqual({ accepted: count, updated: 0, pending: 0, duplicates: 0, rejected: [] });
    expect((await traceCount()) - before).toBe(count);
    const steps = await stepCount();
    const second = await importTraceSource(db, { projectId, input: { path } });
    expect(second).toEqual({ accepted: 0, updated: 0, pending: 0, duplicates: count, rejected: [] });
    expect((await traceCount()) - before).toBe(count);
    expect(await stepCount()).toBe(steps);
  });

  it("the .eval zip holds the same sample as its .json twin, so it is a duplicate of it", async () => {
    const json = await importTraceSource(db, { projectId, input: { path: join(datasetsDir, "inspect-ai-logs/log_read_sample.json") } });
    const zip = await importTraceSource(db, { projectId, input: { path: join(datasetsDir, "inspect-ai-logs/log_read_sample.eval") } });
    expect(json.accepted + json.duplicates).toBe(1);
    expect(zip.accepted + zip.duplicates).toBe(1);
    expect(zip.rejected).toEqual([]);
  });

  it("keeps the good lines of a JSONL file with bad ones and names each bad line", async () => {
    const tag = `mixed-${Date.now()}`;
    const good = (n: number) => JSON.stringify({ externalId: `${tag}-${n}`, steps: [{ role: "user", content: `hello ${n}` }] });
    const text = [good(1), "{not json", good(2), JSON.stringify({ externalId: `${tag}-x`, steps: [{ role: "robot" }] }), JSON.stringify({ steps: "no" }), good(3)].join("\n");
    const result = await importTraceSource(db, { projectId, input: { text, fileName: "mixed.jsonl" }, format: "native" });
    expect(result.accepted).toBe(3);
    expect(result.rejected.map(({ line }) => line)).toEqual([2, 4, 5]);
    expect(result.rejected[0]).toMatchObject({ file: "mixed.jsonl", error: expect.stringMatching(/^line 2: invalid JSON/) });
    expect(result.rejected[1]!.error).toMatch(/^line 4: steps\[0\]\.role/);
    expect(await db.trace.count({ where: { projectId, externalId: { startsWith: tag } } })).toBe(3);
    expect(await db.trace.count({ where: { projectId, externalId: `${tag}-x` } })).toBe(0);
  });

  it("reports an empty file and truncated JSON as one located error and stores nothing", async () => {
    const before = await traceCount();
    const empty = await importTraceSource(db, { projectId, input: { text: "", fileName: "empty.json" } });
    expect(empty).toEqual({ accepted: 0, updated: 0, pending: 0, duplicates: 0, rejected: [{ file: "empty.json", error: "file is empty" }] });
    const truncated = await importTraceSource(db, { projectId, input: { text: '{"traces": [{"steps": [{"role": "user", "content": "hi"}]}, {"ste', fileName: "cut.json" } });
    expect(truncated.accepted).toBe(0);
    expect(truncated.rejected).toHaveLength(1);
    expect(truncated.rejected[0]).toMatchObject({ file: "cut.json", line: 1, error: expect.stringMatching(/invalid JSON at line 1/) });
    expect(await traceCount()).toBe(before);
  });

  it("rejects an invalid UTF-8 line and a line over the 16 MiB limit by line number, keeping the rest", async () => {
    const tag = `odd-${Date.now()}`;
    const good = (n: number) => JSON.stringify({ externalId: `${tag}-${n}`, steps: [{ role: "user", content: "ok" }] });
    const file = join(mkdtempSync(join(tmpdir(), "goodhart-odd-")), "odd.jsonl");
    const huge = JSON.stringify({ externalId: `${tag}-huge`, steps: [{ role: "user", content: "x".repeat(17 * 1024 * 1024) }] });
    const badUtf8 = Buffer.concat([Buffer.from('{"externalId": "bad", "steps": [{"role": "user", "content": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]);
    writeFileSync(file, Buffer.concat([Buffer.from(`${good(1)}\n`), badUtf8, Buffer.from(`\n${huge}\n${good(2)}\n`)]));
    const result = await importTraceSource(db, { projectId, input: { path: file }, format: "native" });
    expect(result.accepted).toBe(2);
    expect(result.rejected.map(({ line }) => line)).toEqual([2, 3]);
    expect(result.rejected[0]!.error).toMatch(/invalid UTF-8/);
    expect(result.rejected[1]!.error).toMatch(/MiB/);
  });

  it("stores in batches, counts repeats inside one input as duplicates, and reports progress to the end", async () => {
    const tag = `batch-${Date.now()}`;
    const lines = Array.from({ length: 23 }, (_, i) => JSON.stringify({ externalId: `${tag}-${i % 20}`, steps: [{ role: "user", content: String(i) }] }));
    const progress: ImportProgress[] = [];
    let bytes: { bytesRead: number; totalBytes: number } | undefined;
    const records = readTraceRecords({ text: lines.join("\n") }, { format: "native", onBytesRead: (bytesRead, totalBytes) => (bytes = { bytesRead, totalBytes }) });
    const result = await importTraces(db, { projectId, records, batchSize: 5, position: () => bytes, onProgress: (p) => void progress.push(p) });
    expect(result).toEqual({ accepted: 20, updated: 0, pending: 0, duplicates: 3, rejected: [] });
    expect(progress.length).toBeGreaterThan(4);
    expect(progress.at(-1)).toMatchObject({ accepted: 20, duplicates: 3, processed: 23, fraction: 1 });
  });

  it("reads a file of 8 MiB or more on a reader thread: names a bad line 3,000, stores every other trace once with its steps, and stores nothing new the second time", async () => {
    // Long lines make the file big with few traces: the reader thread is what this reads, not the store's speed.
    const tag = `thread-${Date.now()}`;
    const padding = "x".repeat(2_500);
    const line = (n: number) => JSON.stringify({ externalId: `${tag}-${n}`, steps: [{ role: "user", content: `hello ${n} ${padding}` }, { role: "assistant", content: "ok" }] });
    const lines = Array.from({ length: 3_600 }, (_, i) => line(i + 1));
    lines[2_999] = JSON.stringify({ externalId: `${tag}-3000`, colour: "red", steps: [{ role: "user", content: "hi" }] });
    const file = join(mkdtempSync(join(tmpdir(), "goodhart-thread-")), "large.jsonl");
    writeFileSync(file, lines.join("\n"));
    expect(Buffer.byteLength(lines.join("\n"))).toBeGreaterThanOrEqual(inWorkerFromBytes);
    const stored = () => db.trace.count({ where: { projectId, externalId: { startsWith: `${tag}-` } } });
    const storedSteps = () => db.traceStep.count({ where: { trace: { projectId, externalId: { startsWith: `${tag}-` } } } });

    const first = await importTraceSource(db, { projectId, input: { path: file } });
    expect(first).toEqual({ accepted: 3_599, updated: 0, pending: 0, duplicates: 0, rejected: [{ file, line: 3_000, error: expect.stringMatching(/^line 3000: unknown field "colour"/) }] });
    expect(await stored()).toBe(3_599);
    expect(await storedSteps()).toBe(7_198);
    expect(await db.trace.count({ where: { projectId, externalId: `${tag}-3000` } })).toBe(0);
    const last = await db.trace.findFirstOrThrow({ where: { projectId, externalId: `${tag}-3600` }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(last.steps.map((step) => step.content)).toEqual([`hello 3600 ${padding}`, "ok"]);

    const second = await importTraceSource(db, { projectId, input: { path: file } });
    expect(second).toMatchObject({ accepted: 0, duplicates: 3_599, rejected: [{ line: 3_000 }] });
    expect(await stored()).toBe(3_599);
    expect(await storedSteps()).toBe(7_198);
  }, 300_000);
});
