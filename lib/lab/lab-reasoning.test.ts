import { describe, expect, it } from "vitest";
import { labRubricV1 } from "./lab-rubrics";
import { runLab } from "./run-lab";
import type { Trace } from "../traces/trace-schema";

const settings = { rubric: labRubricV1, steps: 25, seed: 11, batchSize: 8, groupSize: 4, sampleRolloutsPerStep: 0 };

async function rollouts(reasoning: Parameters<typeof runLab>[0]["reasoning"]) {
  const traces: Trace[] = [];
  const result = await runLab({ ...settings, reasoning, onRollout: (trace) => traces.push(trace) });
  return { traces, result };
}

describe("the lab agent's reasoning", () => {
  it("is written before every action, varies, and leaves the actions and metrics as they are without it", async () => {
    const withReasoning = await rollouts(undefined);
    const without = await rollouts(false);
    expect(withReasoning.traces.map((t) => t.metadata?.actions)).toEqual(without.traces.map((t) => t.metadata?.actions));
    for (const step of withReasoning.result.steps) {
      const other = without.result.steps[step.step - 1]!;
      expect(step.metrics["reward/proxy"]).toBe(other.metrics["reward/proxy"]);
    }
    const toolSteps = withReasoning.traces.flatMap((t) => t.steps.filter((s) => s.type === "tool_call"));
    expect(toolSteps.every((s) => typeof s.reasoning === "string" && s.reasoning.length > 0)).toBe(true);
    expect(new Set(toolSteps.map((s) => s.reasoning)).size).toBeGreaterThan(20);
    expect(without.traces.every((t) => t.steps.every((s) => !s.reasoning))).toBe(true);
  });

  it("voices the plan more often as training adds the hack, never when voicing is off, and records when as truth", async () => {
    const { traces } = await rollouts({ voicing: 0.8, lead: 4 });
    const voiced = traces.filter((t) => t.metadata?.planVoicedAt !== null);
    expect(voiced.length).toBeGreaterThan(0);
    // The plan is voiced at a decision of the episode, no later than its reply.
    for (const trace of voiced) expect(trace.metadata!.planVoicedAt as number).toBeLessThan((trace.metadata!.actions as string[]).length);
    const early = traces.filter((t) => (t.step ?? 0) <= 5);
    const late = traces.filter((t) => (t.step ?? 0) > 20);
    const share = (list: Trace[]) => list.filter((t) => t.metadata?.planVoicedAt !== null).length / list.length;
    expect(share(late)).toBeGreaterThan(share(early));

    const silent = await rollouts({ voicing: 0, lead: 4 });
    expect(silent.traces.every((t) => t.metadata?.planVoicedAt === null)).toBe(true);
  });
});
