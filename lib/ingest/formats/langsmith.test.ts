import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, fixturesDir, okTraces } from "../fixtures/collect-records";

// fixtures/langsmith-runs.jsonl: the runs of one LangGraph ReAct agent trace (ChatOpenAI + a tool), one
// Run.model_dump(mode="json") per line, newest first as client.list_runs yields them; field names from
// langsmith-sdk python/langsmith/schemas.py Run, messages serialised as LangChain writes them.
const file = join(fixturesDir, "langsmith-runs.jsonl");

describe("langsmith importer", () => {
  it("detects a runs export and rebuilds the trace in dotted order: messages, the tool call with its result, tokens, feedback", async () => {
    const records = await collectRecords({ path: file });
    expect(errorsOf(records)).toEqual([]);
    const [trace] = okTraces(records);
    expect(records[0]?.format).toBe("langsmith");
    expect(trace).toMatchObject({
      externalId: "langsmith:5a1e0000-0000-4000-8000-000000000001",
      task: "LangGraph",
      input: "What is the weather in Paris?",
      output: "It is 18°C and sunny in Paris right now.",
      outcome: { scores: { correctness: 1 } },
      startedAt: "2025-06-01T10:00:00.000000Z",
    });
    expect(trace?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(["message:user", "tool_call:assistant", "message:assistant"]);
    expect(trace?.steps[1]).toMatchObject({ name: "get_weather", toolCallId: "call_Wx81", arguments: { city: "Paris" }, result: "18°C and sunny", tokensIn: 61, tokensOut: 15, metadata: { model: "gpt-4o-mini" } });
    expect(trace?.steps[2]).toMatchObject({ tokensIn: 92, tokensOut: 13, latencyMs: 1370 });
    expect((trace?.metadata?.langsmith as { runs: unknown[] }).runs).toHaveLength(7);
  });

  it("reads the same runs as a JSON array", async () => {
    const runs = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as unknown);
    const fromArray = okTraces(await collectRecords({ text: JSON.stringify(runs, null, 2) }));
    expect(fromArray).toEqual(okTraces(await collectRecords({ path: file })));
  });

  it("rejects a line that is not a run by its line number and keeps the trace", async () => {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const records = await collectRecords({ text: [...lines.slice(0, 2), '{"kind": "unknown"}', ...lines.slice(2)].join("\n") }, { format: "langsmith" });
    expect(errorsOf(records).map((record) => record.error)).toEqual([expect.stringMatching(/^line 3: not a LangSmith run/)]);
    expect(okTraces(records)).toHaveLength(1);
  });
});
