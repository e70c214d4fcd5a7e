import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { traceSchema } from "../traces/trace-schema";
import { collectRecords, datasetsDir, errorsOf } from "./fixtures/collect-records";

// Record counts as each dataset's README states them.
const expected: Record<string, { format: string; count: number }> = {
  "tau-bench/gpt-4o-airline.json": { format: "tau-bench", count: 200 },
  "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json": { format: "tau2", count: 20 },
  "tau2-judge-viewer/azure-airline-full.json": { format: "tau2", count: 50 },
  "langfuse-framework-traces/openai-agents-2025-09-30.trace.json": { format: "langfuse", count: 1 },
  "langfuse-framework-traces/claude-agent-2025-12-22.trace.json": { format: "langfuse", count: 1 },
  "langfuse-framework-traces/langgraph-python-2025-08-22.trace.json": { format: "langfuse", count: 1 },
  "langfuse-framework-traces/crewai-2025-07-11.trace.json": { format: "langfuse", count: 1 },
  "inspect-ai-logs/2025-05-12T20-27-36-04-00_browser.json": { format: "inspect", count: 1 },
  "inspect-ai-logs/2025-05-12T20-28-26-04-00_security-guide.json": { format: "inspect", count: 3 },
  "inspect-ai-logs/log_tool_call_error.json": { format: "inspect", count: 1 },
  "inspect-ai-logs/log_read_sample.json": { format: "inspect", count: 1 },
  "inspect-ai-logs/log_read_sample.eval": { format: "inspect", count: 1 },
};

describe("shared datasets", () => {
  it.each(Object.entries(expected))("%s gives the README's record count", async (file, { format, count }) => {
    const records = await collectRecords({ path: join(datasetsDir, file) });
    expect(errorsOf(records)).toEqual([]);
    expect(records).toHaveLength(count);
    for (const record of records) {
      expect(record.format).toBe(format);
      if (!record.ok) continue;
      expect(traceSchema.safeParse(record.trace).success).toBe(true);
      expect(record.trace.externalId).toBe(record.externalId);
      expect(record.trace.steps.length).toBeGreaterThan(0);
    }
    expect(new Set(records.map((record) => (record.ok ? record.externalId : ""))).size).toBe(count);
  });

  it("covers every trace file in the datasets (the rest are judge outputs and CSVs, which are rejected as undetectable)", async () => {
    const traceFiles = readdirSync(datasetsDir, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.(json|jsonl|eval)$/.test(file) && !file.endsWith(".chatml.json") && !/multi-judge/.test(file),
    );
    expect(traceFiles.sort()).toEqual(Object.keys(expected).sort());
    for (const judgeFile of ["tau2-judge-viewer/airline-multi-judge-full.json.summary_quick_triage_v1.json", "tau2-judge-viewer/airline-multi-judge-full_quick_triage_v1.json"]) {
      const [record] = await collectRecords({ path: join(datasetsDir, judgeFile) });
      expect(record?.ok).toBe(false);
      expect(record && !record.ok && record.error).toMatch(/could not tell the format/);
    }
  });

  it("re-reading a file gives the same externalIds and the same traces", async () => {
    for (const file of Object.keys(expected)) {
      const path = join(datasetsDir, file);
      const [first, second] = await Promise.all([collectRecords({ path }), collectRecords({ path })]);
      expect(second.map((record) => record.ok && record.externalId)).toEqual(first.map((record) => record.ok && record.externalId));
      expect(second).toEqual(first);
    }
  });
});
