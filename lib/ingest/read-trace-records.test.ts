import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { collectRecords, errorsOf, okTraces } from "./fixtures/collect-records";
import { formatNames, readTraceRecords } from "./read-trace-records";

const dir = mkdtempSync(join(tmpdir(), "goodhart-ingest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const trace = (content: string) => JSON.stringify({ steps: [{ role: "user", content }] });
const results = (records: Awaited<ReturnType<typeof collectRecords>>) => records.map((record) => (record.ok ? "ok" : record.error));

describe("readTraceRecords: malformed input gives located errors and the good records", () => {
  it("rejects bad JSONL lines by line number and field path, and keeps reading", async () => {
    const path = join(dir, "mixed.jsonl");
    const bad = JSON.stringify({ steps: [{ role: "user" }, { role: "assistant" }, { role: "robot" }] });
    writeFileSync(path, [trace("one"), "", trace("two"), bad, '{"steps": [', '{"steps": "nope"}', trace("three")].join("\n"));
    const records = await collectRecords({ path });
    expect(results(records)).toEqual([
      "ok",
      "ok",
      'line 4: steps[2].role: Invalid option: expected one of "system"|"user"|"assistant"|"tool"',
      "line 5: invalid JSON at column 12: unexpected end of input (truncated?)",
      "line 6: steps: Invalid input: expected array, received string",
      "ok",
    ]);
    expect(records.map((record) => record.location)).toEqual([1, 3, 4, 5, 6, 7].map((line) => ({ file: path, line })));
  });

  it("says where a JSON document is truncated", async () => {
    const text = `[\n${trace("a")},\n${trace("b")},\n{"steps": [{"role": "user", "con`;
    const records = await collectRecords({ text, fileName: "traces.json" });
    expect(records).toEqual([
      { location: { file: "traces.json", line: 4 }, format: "native", ok: false, error: "invalid JSON at line 4, column 33: unexpected end of input in a string (truncated?)" },
    ]);
  });

  it("names the array index of a wrong-typed element", async () => {
    const text = JSON.stringify({ traces: [JSON.parse(trace("a")), { steps: [{ role: "user", tokensIn: -1 }] }, "nope"] }, null, 2);
    const records = await collectRecords({ text });
    expect(results(records)).toEqual([
      "ok",
      "index 1: steps[0].tokensIn: Too small: expected number to be >=0",
      "index 2: expected a trace object, received string",
    ]);
    expect(records[1]?.location).toEqual({ index: 1 });
  });

  it("says an empty file is empty", async () => {
    const path = join(dir, "empty.jsonl");
    writeFileSync(path, "");
    expect(await collectRecords({ path })).toEqual([{ location: { file: path }, format: "native", ok: false, error: "file is empty" }]);
    expect(results(await collectRecords({ text: " \n\r\n " }, { format: "openai" }))).toEqual(["file is empty"]);
    expect((await collectRecords({ text: "" }, { format: "tau2" }))[0]?.format).toBe("tau2");
  });

  it("names the line with invalid UTF-8, in JSONL and in a JSON document", async () => {
    const encoder = new TextEncoder();
    const badLine = new Uint8Array([...encoder.encode('{"steps":[{"role":"user","content":"caf'), 0xc3, 0x28, ...encoder.encode('"}]}')]);
    const jsonl = new Uint8Array([...encoder.encode(`${trace("a")}\n`), ...badLine, ...encoder.encode(`\n${trace("c")}\n`)]);
    expect(results(await collectRecords({ bytes: jsonl, fileName: "x.jsonl" }))).toEqual(["ok", "line 2: invalid UTF-8 at byte 39 of the line", "ok"]);

    const document = new Uint8Array([...encoder.encode("[\n"), ...badLine, ...encoder.encode("\n]")]);
    const records = await collectRecords({ bytes: document });
    expect(records).toEqual([{ location: { line: 2 }, format: "native", ok: false, error: "line 2: invalid UTF-8 at byte 41" }]);
  });

  it("rejects a 50 MB line by number without stopping, and reads the lines around it", { timeout: 60_000 }, async () => {
    const path = join(dir, "huge-line.jsonl");
    const out = createWriteStream(path);
    out.write(`${trace("before")}\n{"steps":[{"role":"user","content":"`);
    const chunk = "x".repeat(1024 * 1024);
    for (let i = 0; i < 50; i++) if (!out.write(chunk)) await once(out, "drain");
    out.end(`"}]}\n${trace("after")}\n`);
    await once(out, "finish");

    const records = await collectRecords({ path });
    expect(results(records)).toEqual(["ok", expect.stringMatching(/^line 2: line is longer than the 16\.0 MiB limit \(50\.0 MiB\); skipped$/), "ok"]);
    expect(okTraces(records).map((item) => item.steps[0]?.content)).toEqual(["before", "after"]);
  });

  it("refuses a whole-JSON document above the size limit with a clear error", async () => {
    const text = JSON.stringify([JSON.parse(trace("a")), JSON.parse(trace("b"))]);
    const records = await collectRecords({ text }, { maxDocumentBytes: 20 });
    expect(results(records)).toEqual([expect.stringMatching(/^file is \d+ bytes, above the 20 bytes limit for native documents, which are read whole; split it or write it as JSONL$/)]);
  });

  it("reads CRLF line ends, a BOM and a last line without a newline", async () => {
    const text = `\uFEFF${trace("a")}\r\n\r\n${trace("b")}`;
    expect(okTraces(await collectRecords({ text })).map((item) => item.steps[0]?.content)).toEqual(["a", "b"]);
  });

  it("says when the format cannot be told, and honours a forced format", async () => {
    expect(results(await collectRecords({ text: "hello" }))).toEqual(["file is neither JSON nor JSON Lines (the first character is not '{' or '[')"]);
    expect(results(await collectRecords({ text: '{"foo": 1}' }))).toEqual([expect.stringMatching(/^could not tell the format .*top-level keys: foo.*pass a format/)]);
    const forced = await collectRecords({ text: '{"messages":[{"role":"user","content":"hi"}]}' }, { format: "tau-bench" });
    expect(forced.map((record) => [record.format, record.ok ? "ok" : record.error])).toEqual([["tau-bench", "expected a JSON array of tau-bench records"]]);
  });

  it("throws on a file that is not there (a fatal error, not a rejected record)", async () => {
    await expect(collectRecords({ path: join(dir, "missing.jsonl") })).rejects.toThrow(/ENOENT/);
  });

  it("streams: records come out before the whole file is read", async () => {
    const lines = Array.from({ length: 5000 }, (_, index) => trace(`n${index}`)).join("\n");
    const path = join(dir, "many.jsonl");
    writeFileSync(path, lines);
    const iterator = readTraceRecords({ path });
    const first = await iterator.next();
    expect(first.value).toMatchObject({ ok: true, location: { line: 1 } });
    await iterator.return(undefined);
  });
});

describe("readTraceRecords: externalIds", () => {
  it("keeps a native trace's own externalId, else hashes the content the same way every time", async () => {
    const own = JSON.stringify({ externalId: "run-7/rollout-3", steps: [{ role: "user", content: "a" }] });
    const text = `${own}\n${trace("b")}\n`;
    const [first, second] = [await collectRecords({ text }), await collectRecords({ bytes: new TextEncoder().encode(text), fileName: "other-name.jsonl" })];
    expect(first.map((record) => record.ok && record.externalId)).toEqual(["run-7/rollout-3", expect.stringMatching(/^sha256:[0-9a-f]{64}$/)]);
    expect(second.map((record) => record.ok && record.externalId)).toEqual(first.map((record) => record.ok && record.externalId));
    // The same trace with keys in another order and defaults spelled out hashes the same.
    const reordered = JSON.stringify({ source: "production", steps: [{ content: "b", role: "user", type: "message" }] });
    const [again] = await collectRecords({ text: reordered });
    expect(again?.ok && again.externalId).toBe(first[1]?.ok && first[1].externalId);
  });

  it("lists the format names", () => {
    expect(formatNames).toEqual(["native", "openai", "otel", "tau-bench", "tau2", "langfuse", "verifiers", "inspect", "openai-agents", "langsmith", "phoenix"]);
  });
});

describe("readTraceRecords: error records", () => {
  it("never yields an error without saying what went wrong", async () => {
    const records = await collectRecords({ text: '[{"steps": 1}, {"steps": [{"role": "user", "startedAt": "yesterday"}]}]' });
    expect(errorsOf(records).map((record) => !record.ok && record.error)).toEqual([
      "index 0: steps: Invalid input: expected array, received number",
      "index 1: steps[0].startedAt: must be an ISO 8601 date-time with its zone, as 2026-12-08T02:45:00Z or 2026-12-08T03:45:00+01:00",
    ]);
  });
});
