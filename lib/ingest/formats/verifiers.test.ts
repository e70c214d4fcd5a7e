import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, fixturesDir, okTraces } from "../fixtures/collect-records";

describe("verifiers results.jsonl importer", () => {
  it("maps rollouts, metrics to scores, and merges the metadata.json beside the file", async () => {
    const records = await collectRecords({ path: join(fixturesDir, "verifiers/results.jsonl") });
    expect(errorsOf(records)).toEqual([]);
    expect(records.map((record) => record.format)).toEqual(["verifiers", "verifiers", "verifiers"]);
    const [toolRollout, plain, failed] = okTraces(records);

    expect(toolRollout).toMatchObject({
      source: "rollout",
      environment: "math-tools",
      task: "0",
      input: "What is 6*7?",
      output: "\\boxed{42}",
      outcome: { reward: 1, scores: { correct_answer: 1, format_reward: 1, num_turns: 2 } },
    });
    expect(toolRollout?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(["message:system", "message:user", "tool_call:assistant", "message:assistant"]);
    expect(toolRollout?.steps[2]).toMatchObject({ name: "calculator", arguments: { expression: "6*7" }, result: "42" });
    const metadata = toolRollout?.metadata ?? {};
    expect(metadata).toMatchObject({ answer: "42", task: "math", info: { source: "gsm-lite" }, stop_condition: "no_tools_called", token_usage: { input_tokens: 120, output_tokens: 30 } });
    expect(metadata.evalMetadata).toMatchObject({ env_id: "math-tools", model: "Qwen/Qwen3-4B", rollouts_per_example: 2 });
    // The top-level copies of the metrics are in outcome.scores, not repeated in metadata.
    expect(metadata).not.toHaveProperty("correct_answer");

    // Same example, another rollout: a different trace, so a different content hash.
    expect(plain?.outcome?.reward).toBe(0.2);
    expect(plain?.externalId).not.toBe(toolRollout?.externalId);

    expect(failed?.steps).toEqual([expect.objectContaining({ role: "user", content: "Complete: the capital of France is" })]);
    expect(failed?.metadata).toMatchObject({ error: { error: "OverlongPromptError" }, is_truncated: true });
  });

  it("reports a broken metadata.json and still reads the rollouts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "goodhart-verifiers-"));
    writeFileSync(join(dir, "metadata.json"), '{"env_id": ');
    writeFileSync(join(dir, "results.jsonl"), `${JSON.stringify({ example_id: 3, prompt: "p", completion: "c", reward: 0.5 })}\n`);
    const records = await collectRecords({ path: join(dir, "results.jsonl") });
    expect(records.map((record) => (record.ok ? "ok" : record.error))).toEqual([expect.stringMatching(/^metadata\.json: invalid JSON at line 1, column 12/), "ok"]);
    expect(records[0]?.location.file).toBe(join(dir, "metadata.json"));
    expect(okTraces(records)[0]).toMatchObject({ task: "3", outcome: { reward: 0.5 }, steps: [{ role: "user" }, { role: "assistant", content: "c" }] });
  });
});
