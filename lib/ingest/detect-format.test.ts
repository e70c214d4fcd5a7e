import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format";

const detect = (text: string, fileName?: string) => detectFormat({ head: new TextEncoder().encode(text), fileName });

describe("detectFormat", () => {
  it.each([
    ['{"traces": [{"steps": []}]}', "native", "lines"],
    ['{\n  "traces": []\n}', "native", "document"],
    ['[{"steps": [{"role": "user"}]}]', "native", "document"],
    ['{"externalId": "a", "steps": []}\n{"steps": []}', "native", "lines"],
    ['{\n  "steps": []\n}', "native", "document"],
    ['{"messages": [{"role": "user", "content": "hi"}]}', "openai", "lines"],
    ['{"resourceSpans": []}', "otel", "lines"],
    ['{\n "resourceSpans": [\n]}', "otel", "document"],
    ['[\n  {\n    "task_id": 0,\n    "reward": 0.0,\n    "info": {', "tau-bench", "document"],
    ['{\n  "timestamp": "2025-08-01",\n  "info": {\n    "git_commit": "x", "user_info": {', "tau2", "document"],
    ['{"timestamp": "x", "info": {}, "tasks": [], "simulations": []}', "tau2", "document"],
    ['{\n  "trace": {\n    "id": "abc"', "langfuse", "document"],
    ['{\n  "version": 2,\n  "status": "success",\n  "eval": {', "inspect", "document"],
    ['{"example_id": 0, "prompt": [{"role": "user", "content": "q"}], "completion": []}', "verifiers", "lines"],
    ['{"data": [{"object": "trace", "id": "trace_1", "workflow_name": "w"}]}', "openai-agents", "lines"],
    ['[\n  {"object": "trace.span", "id": "span_1", "trace_id": "trace_1", "span_data": {"type": "function"}}', "openai-agents", "document"],
    ['{"object": "trace.span", "id": "span_1", "trace_id": "trace_1", "span_data": {}}\n', "openai-agents", "lines"],
    ['{"id": "r1", "name": "ChatOpenAI", "run_type": "llm", "inputs": {}, "trace_id": "r0"}\n', "langsmith", "lines"],
    ['[\n {"id": "r1", "name": "x", "start_time": "2025", "run_type": "chain", "trace_id": "r1"', "langsmith", "document"],
    ['{"name": "llm", "span_kind": "LLM", "context.span_id": "a", "context.trace_id": "b"}\n', "phoenix", "lines"],
    ['{\n  "data": [\n    {\n      "name": "x",\n      "context": {"trace_id": "t", "span_id": "s"},\n      "span_kind": "LLM"', "phoenix", "document"],
  ])("%s is %s read as %s", (text, format, mode) => {
    expect(detect(text)).toEqual({ ok: true, format, mode });
  });

  it("knows an .eval zip by its magic number", () => {
    expect(detectFormat({ head: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]), fileName: "run.eval" })).toEqual({ ok: true, format: "inspect", mode: "zip" });
    expect(detectFormat({ head: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]), fileName: "data.zip" })).toMatchObject({ ok: false });
  });

  it("uses the file name only when the content does not decide", () => {
    expect(detect('{"rollout": 1}', "out/results.jsonl")).toEqual({ ok: true, format: "verifiers", mode: "lines" });
    expect(detect('{"resourceSpans": []}', "results.jsonl")).toEqual({ ok: true, format: "otel", mode: "lines" });
  });

  it("takes a forced format and only decides how to read it", () => {
    expect(detectFormat({ head: new TextEncoder().encode('[{"messages": []}]'), format: "openai" })).toEqual({ ok: true, format: "openai", mode: "document" });
    expect(detectFormat({ head: new TextEncoder().encode("{}"), format: "tau2" })).toEqual({ ok: true, format: "tau2", mode: "document" });
  });

  it("explains what it could not detect", () => {
    expect(detect("   ")).toEqual({ ok: false, error: "file is empty" });
    expect(detect("name,score\n")).toMatchObject({ ok: false, error: expect.stringContaining("neither JSON nor JSON Lines") });
    expect(detect('{"total_judged": 50, "entries": []}')).toMatchObject({ ok: false, error: expect.stringContaining("total_judged, entries") });
  });

  it("does not take an array of unknown objects for native traces, and says which formats it tried", () => {
    const result = detect('[{"foo": 1, "bar": 2}]');
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("first element's keys: foo, bar") });
    for (const name of ["native", "openai", "otel", "langfuse", "openai-agents", "langsmith", "phoenix"]) {
      expect(result).toMatchObject({ error: expect.stringContaining(`${name} (`) });
    }
    expect(detect("[]")).toMatchObject({ ok: false });
  });
});
