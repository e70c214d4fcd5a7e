import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, datasetsDir, okTraces } from "../fixtures/collect-records";

describe("tau-bench importer", () => {
  it("maps reward to outcome and matches tool replies to calls", async () => {
    const traces = okTraces(await collectRecords({ path: join(datasetsDir, "tau-bench/gpt-4o-airline.json") }));
    expect(traces.filter((trace) => trace.outcome?.success).length).toBe(84);
    expect(traces.filter((trace) => trace.outcome?.reward === 0).length).toBe(116);
    const [first] = traces;
    expect(first).toMatchObject({ source: "simulator", environment: "tau-bench/airline", task: "0", outcome: { reward: 0, success: false, scores: { r_actions: 0 } } });
    expect(first?.metadata).toMatchObject({ trial: 0, info: { task: { user_id: "mia_li_3668" }, source: "user" } });
    const tools = traces.flatMap((trace) => trace.steps.filter((step) => step.role === "tool"));
    // Every tau-bench tool reply answers a call, so none is left as a step of its own.
    expect(tools).toEqual([]);
    expect(first?.steps.find((step) => step.type === "tool_call")).toMatchObject({ name: "get_user_details", arguments: { user_id: "mia_li_3668" }, result: expect.stringContaining("Mia") });
  });
});

describe("tau2 importer", () => {
  it("joins each simulation with its task and maps the reward breakdown", async () => {
    const traces = okTraces(await collectRecords({ path: join(datasetsDir, "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json") }));
    expect(traces.filter((trace) => trace.outcome?.success).length).toBe(10);
    const [first] = traces;
    expect(first).toMatchObject({
      externalId: "tau2:b762699f-cf72-4a2f-b500-5bbe1258209c",
      environment: "tau2/airline",
      task: "13",
      startedAt: "2025-08-01T16:20:44.321269Z",
      outcome: { reward: 1, success: true, scores: { DB: 1, COMMUNICATE: 1, agent_cost: 0.02746, user_cost: 0.010488 } },
    });
    expect(first?.metadata).toMatchObject({
      taskId: "13",
      instructions: { domain: "airline" },
      task: { id: "13", evaluation_criteria: expect.any(Object) },
      simulation: { termination_reason: "user_stop", reward_info: { db_check: { db_match: true } } },
      run: { info: { environment_info: { domain_name: "airline" } } },
    });
    expect(first?.steps[1]).toMatchObject({ role: "user", tokensIn: 450, tokensOut: 51, metadata: { turn_idx: 1, timestamp: "2025-08-01T16:20:45.582555" } });
  });

  it("turns error tool replies into the call's error", async () => {
    const traces = okTraces(await collectRecords({ path: join(datasetsDir, "tau2-judge-viewer/azure-airline-full.json") }));
    expect(traces.filter((trace) => trace.outcome?.success).length).toBe(23);
    const failedCalls = traces.flatMap((trace) => trace.steps.filter((step) => step.type === "tool_call" && step.error));
    expect(failedCalls.length).toBeGreaterThan(0);
    expect(failedCalls[0]?.error).toMatch(/^Error: /);
    expect(traces.flatMap((trace) => trace.steps.filter((step) => step.role === "tool"))).toEqual([]);
  });
});
