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
});
