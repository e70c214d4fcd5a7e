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
    expect(trace?.steps[1]).toMatchObject({
      name: "get_weather",
      toolCallId: "call_Wx81",
      arguments: { city: "Paris" },
      result: "18°C and sunny",
      tokensIn: 61,
      tokensOut: 15,
      metadata: { model: "gpt-4o-mini" },
    });
    expect(trace?.steps[2]).toMatchObject({ tokensIn: 92, tokensOut: 13, latencyMs: 1370 });
    expect((trace?.metadata?.langsmith as { runs: unknown[] }).runs).toHaveLength(7);
  });

  it("reads the same runs as a JSON array", async () => {
    const runs = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    const fromArray = okTraces(await collectRecords({ text: JSON.stringify(runs, null, 2) }));
    expect(fromArray).toEqual(okTraces(await collectRecords({ path: file })));
  });

  it("groups runs written without trace_id under the root their parent_run_id leads to", async () => {
    const runs = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => {
        const { trace_id: _traceId, dotted_order: _order, ...run } = JSON.parse(line) as Record<string, unknown>;
        return run;
      });
    const [trace] = okTraces(await collectRecords({ text: JSON.stringify(runs) }, { format: "langsmith" }));
    expect(trace?.externalId).toBe("langsmith:5a1e0000-0000-4000-8000-000000000001");
    expect(trace?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(["message:user", "tool_call:assistant", "message:assistant"]);
  });

  it("rejects a line that is not a run by its line number and keeps the trace", async () => {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const records = await collectRecords({ text: [...lines.slice(0, 2), '{"kind": "unknown"}', ...lines.slice(2)].join("\n") }, { format: "langsmith" });
    expect(errorsOf(records).map((record) => record.error)).toEqual([expect.stringMatching(/^line 3: not a LangSmith run/)]);
    expect(okTraces(records)).toHaveLength(1);
  });

  it("reads @traceable runs of a wrapped OpenAI client: the provider's request and response, and a function tool's arguments", async () => {
    const trace = "0e6f2b8a-3c1d-4e5f-8a9b-0c1d2e3f4a5b";
    const run = (id: string, name: string, runType: string, order: string, parent: string | null, inputs: unknown, outputs: unknown, extra = {}) => ({
      id,
      name,
      run_type: runType,
      trace_id: trace,
      parent_run_id: parent,
      dotted_order: order,
      start_time: "2025-06-01T10:00:00.000000Z",
      end_time: "2025-06-01T10:00:01.000000Z",
      inputs,
      outputs,
      error: null,
      extra: {},
      ...extra,
    });
    const root = `20250601T100000000000Z${trace}`;
    const runs = [
      run(trace, "answer", "chain", root, null, { question: "Weather in Paris?" }, { output: "Sunny, 18°C." }),
      run(
        "a1",
        "ChatOpenAI",
        "llm",
        `${root}.20250601T100000100000Za1`,
        trace,
        { messages: [{ role: "user", content: "Weather in Paris?" }], model: "gpt-4o-mini" },
        {
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: null,
                tool_calls: [{ id: "call_7", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }],
              },
              finish_reason: "tool_calls",
            },
          ],
          usage: { prompt_tokens: 20, completion_tokens: 9 },
        },
        { prompt_tokens: 20, completion_tokens: 9 },
      ),
      run("a2", "get_weather", "tool", `${root}.20250601T100000200000Za2`, trace, { city: "Paris" }, { output: "18°C, sunny" }),
      run(
        "a3",
        "ChatOpenAI",
        "llm",
        `${root}.20250601T100000300000Za3`,
        trace,
        {
          messages: [
            { role: "user", content: "Weather in Paris?" },
            {
              role: "assistant",
              content: null,
              tool_calls: [{ id: "call_7", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }],
            },
            { role: "tool", tool_call_id: "call_7", content: "18°C, sunny" },
          ],
        },
        { choices: [{ index: 0, message: { role: "assistant", content: "Sunny, 18°C." }, finish_reason: "stop" }] },
      ),
    ];
    const [mapped] = okTraces(await collectRecords({ text: JSON.stringify(runs) }));
    expect(mapped?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(["message:user", "tool_call:assistant", "message:assistant"]);
    expect(mapped?.steps[1]).toMatchObject({ name: "get_weather", arguments: { city: "Paris" }, result: "18°C, sunny", tokensIn: 20, tokensOut: 9 });
    expect(mapped).toMatchObject({ input: "Weather in Paris?", output: "Sunny, 18°C.", task: "answer" });
  });
});
