import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Trace } from "../../traces/trace-schema";
import { collectRecords, datasetsDir, okTraces } from "../fixtures/collect-records";
import { scoreValueToNumbers } from "./inspect-score";

const dir = join(datasetsDir, "inspect-ai-logs");

/** What must agree between two runs of the same log: everything but ids and timings. */
function content(trace: Trace | undefined) {
  return {
    environment: trace?.environment,
    task: trace?.task,
    input: trace?.input,
    output: trace?.output,
    outcome: trace?.outcome,
    steps: trace?.steps.map(({ type, role, content, name, arguments: args, result, error, tokensIn, tokensOut }) => ({ type, role, content, name, args, result, error, tokensIn, tokensOut })),
  };
}

describe("inspect importer", () => {
  it("gives the same traces from log_read_sample.json and log_read_sample.eval", async () => {
    const [fromJson] = okTraces(await collectRecords({ path: join(dir, "log_read_sample.json") }));
    const [fromZip] = okTraces(await collectRecords({ path: join(dir, "log_read_sample.eval") }));
    expect(content(fromZip)).toEqual(content(fromJson));
    expect(content(fromJson)).toMatchObject({ environment: "popularity", task: "1", output: "Yes\n", outcome: { reward: 1, success: true, scores: { match: 1 } } });
    // Two runs of the log (their eval ids differ), so two traces: the id is eval id, sample id, epoch.
    expect(fromJson?.externalId).toBe("inspect:hj8C8q8gxzHhwyCT67xh4L:1:1");
    expect(fromZip?.externalId).toBe("inspect:C3pqnFnsCUx6ZpmsRU9Ape:1:1");
    expect((fromZip?.metadata?.log as { reductions: unknown[] }).reductions).toEqual([
      { scorer: "match", samples: [expect.objectContaining({ sample_id: 1, value: 1 })] },
    ]);
  });

  it("maps tool calls with their results and per-call tokens from model events", async () => {
    const [browser] = okTraces(await collectRecords({ path: join(dir, "2025-05-12T20-27-36-04-00_browser.json") }));
    const calls = browser?.steps.filter((step) => step.type === "tool_call") ?? [];
    expect(calls.map((step) => step.name)).toEqual(["web_browser_go", "web_browser_click", "web_browser_click", "web_browser_click"]);
    expect(calls[0]).toMatchObject({ toolCallId: "call_35FTpd6shR9efioDgeEBZ33s", arguments: { url: "https://www.aisi.gov.uk/" }, tokensIn: 1124, tokensOut: 23 });
    expect(typeof calls[0]?.result).toBe("string");
    expect(browser?.outcome).toEqual({ reward: 1, success: true, scores: { includes: 1 } });
    expect(browser?.steps.at(-1)).toMatchObject({ role: "assistant", tokensIn: 5915, tokensOut: 207 });
  });

  it("keeps tool errors and the grader transcript", async () => {
    const [errors] = okTraces(await collectRecords({ path: join(dir, "log_tool_call_error.json") }));
    expect(errors?.steps).toHaveLength(11);
    expect(errors?.steps.map((step) => step.error?.split(":")[0])).toEqual([
      "parsing", "timeout", "parsing", "unicode_decode", "permission", "file_not_found", "is_a_directory", "limit", "approval", "unknown", "output_limit",
    ]);
    // No sample uuid and no eval_id: the content hash.
    expect(errors?.externalId).toMatch(/^sha256:/);

    const graded = okTraces(await collectRecords({ path: join(dir, "2025-05-12T20-28-26-04-00_security-guide.json") }));
    expect(graded.map((trace) => trace.task)).toEqual(["1", "2", "3"]);
    const score = (graded[0]?.metadata?.sample as { scores: Record<string, { explanation: string; metadata: { grading: unknown[] } }> }).scores.model_graded_fact;
    expect(score?.metadata.grading).toHaveLength(2);
  });

  it("gives one log written as .eval and as .json one trace, whatever the sample's uuid", async () => {
    // The .eval's own header and sample, written as Inspect's .json log (as `inspect log convert` does).
    const [fromZip] = okTraces(await collectRecords({ path: join(dir, "log_read_sample.eval") }));
    const log = fromZip?.metadata?.log as Record<string, unknown>;
    const sample = { ...(fromZip?.metadata?.sample as Record<string, unknown>), messages: messagesOf(dir), uuid: "another-uuid" };
    const bytes = new TextEncoder().encode(JSON.stringify({ ...log, samples: [sample] }));
    const [fromJson] = okTraces(await collectRecords({ bytes, fileName: "converted.json" }, { format: "inspect" }));
    expect(fromJson?.externalId).toBe(fromZip?.externalId);
  });

  it("takes tokens and model from model events in order when messages have no ids, else from the sample's model_usage", async () => {
    const [source] = okTraces(await collectRecords({ path: join(dir, "log_read_sample.json") }));
    const log = source?.metadata?.log as Record<string, unknown>;
    const raw = JSON.parse(readFileSync(join(dir, "log_read_sample.json"), "utf8")) as { samples: Array<Record<string, unknown> & { messages: Array<Record<string, unknown>> }> };
    // An older log: the same sample, its messages without ids.
    const noIds = { ...raw.samples[0]!, messages: raw.samples[0]!.messages.map(({ id: _id, ...message }) => message) };
    const read = async (sample: unknown) => okTraces(await collectRecords({ bytes: new TextEncoder().encode(JSON.stringify({ ...log, samples: [sample] })), fileName: "old.json" }, { format: "inspect" }))[0];
    const fromEvents = await read(noIds);
    expect(fromEvents?.steps.at(-1)).toMatchObject({ role: "assistant", content: "Yes\n", tokensIn: 66, tokensOut: 3, metadata: expect.objectContaining({ model: "gemma3" }) });
    const noEvents = await read({ ...noIds, events: [] });
    expect(noEvents?.steps.at(-1)).toMatchObject({ role: "assistant", tokensIn: 66, tokensOut: 3, metadata: expect.objectContaining({ model: "gemma3" }) });
  });

  it("maps score values the way Inspect's value_to_float does", () => {
    expect(scoreValueToNumbers("s", "C")).toEqual({ s: 1 });
    expect(scoreValueToNumbers("s", "P")).toEqual({ s: 0.5 });
    expect(scoreValueToNumbers("s", "I")).toEqual({ s: 0 });
    expect(scoreValueToNumbers("s", "N")).toEqual({ s: 0 });
    expect(scoreValueToNumbers("s", "0.25")).toEqual({ s: 0.25 });
    expect(scoreValueToNumbers("s", true)).toEqual({ s: 1 });
    expect(scoreValueToNumbers("s", { accuracy: "C", length: 12, note: "x" })).toEqual({ "s.accuracy": 1, "s.length": 12 });
    expect(scoreValueToNumbers("s", ["C"])).toEqual({});
  });

  it("rejects a corrupt .eval archive with a clear error", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    const records = await collectRecords({ bytes, fileName: "broken.eval" });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ ok: false, format: "inspect", location: { file: "broken.eval" } });
  });
});

function messagesOf(logDir: string): unknown[] {
  const raw = JSON.parse(readFileSync(join(logDir, "log_read_sample.json"), "utf8")) as { samples: Array<{ messages: unknown[] }> };
  return raw.samples[0]!.messages;
}
