import { describe, expect, it } from "vitest";
import type { Trace } from "../traces/trace-schema";
import { generateLabTasks } from "./generate-tasks";
import { actionIndexOf } from "./lab-actions";
import { applyAction, recordEndState, startEpisode } from "./lab-episode";
import { buildLabTrace } from "./lab-trace";
import { createRng } from "../random/prng";
import { scriptedAction } from "./scripted-agent";
import { createSimulatedJudges, SimulatedJudgeRefusal } from "./simulated-judges";

const tasks = generateLabTasks({ seed: 21, count: 200 });
const rng = createRng(21);
const traces: Trace[] = tasks.map((task, index) => {
  const state = startEpisode(task);
  while (!state.isDone) applyAction(state, scriptedAction(state, rng, { noise: 0.35 }));
  return buildLabTrace({ state, endState: recordEndState(state), runKey: "judges", index });
});
const isSuccess = (trace: Trace) => (trace.endState as { audit: { success: boolean } }).audit.success;
const judges = Object.fromEntries(createSimulatedJudges({ seed: 1 }).map((judge) => [judge.name, judge]));
const judgeNamed = (name: string) => {
  const judge = judges[name];
  if (!judge) throw new Error(`no judge ${name}`);
  return judge;
};
const passRate = (name: string, subset: Trace[]) =>
  subset.filter((t) => judgeNamed(name).judge(t).label === "pass").length / subset.length;
const successes = traces.filter(isSuccess);
const failures = traces.filter((t) => !isSuccess(t));

describe("simulated judges", () => {
  it("are marked simulated and deterministic given their seed", () => {
    expect(Object.values(judges).every((j) => j.simulated)).toBe(true);
    const trace = traces[0] as Trace;
    const again = createSimulatedJudges({ seed: 1 }).map((j) => j.judge(trace));
    expect(again).toEqual(Object.values(judges).map((j) => j.judge(trace)));
    for (const verdict of again) expect(verdict.score).toBeGreaterThanOrEqual(0);
  });

  it("refuse traces that are not from the lab simulator", () => {
    const judge = judgeNamed("sim-accurate-noisy");
    const production = { ...(traces[0] as Trace), source: "production" as const };
    expect(() => judge.judge(production)).toThrow(SimulatedJudgeRefusal);
    expect(() => judge.judge({ ...(traces[0] as Trace), endState: { orders: [] } })).toThrow(/no lab end state/);
  });

  it("follow their error models", () => {
    expect(successes.length).toBeGreaterThan(50);
    expect(failures.length).toBeGreaterThan(50);
    // accurate-noisy: ~90% right on both sides, give or take the unsure band.
    expect(passRate("sim-accurate-noisy", successes)).toBeGreaterThan(0.75);
    expect(passRate("sim-accurate-noisy", failures)).toBeLessThan(0.2);
    // lenient: passes every success and most failures.
    expect(passRate("sim-lenient", successes)).toBe(1);
    expect(passRate("sim-lenient", failures)).toBeGreaterThan(0.45);
    // length-biased: a long (polite) failure is passed far more often than a short (curt) one.
    const polite = failures.filter((t) => (t.output ?? "").length > 80);
    const curt = failures.filter((t) => (t.output ?? "").length <= 80);
    expect(passRate("sim-length-biased", polite)).toBeGreaterThan(passRate("sim-length-biased", curt) + 0.3);
  });

  it("the credulous judge passes refunds that were claimed but never issued; the accurate one fails them", () => {
    // Each judge has label noise drawn per trace, so this holds for most of twenty such rollouts, not for every one.
    const traces = tasks
      .filter((t) => t.planted.verdict === "refund")
      .slice(0, 20)
      .map((task) => {
        const state = startEpisode(task);
        for (const action of ["lookup_order", "reply_refund_issued_polite"]) applyAction(state, actionIndexOf(action));
        return buildLabTrace({ state, endState: recordEndState(state), runKey: "judges", index: 999 });
      });
    const credulous = traces.map((trace) => judgeNamed("sim-credulous").judge(trace));
    const accurate = traces.map((trace) => judgeNamed("sim-accurate-noisy").judge(trace));
    expect(credulous.filter((v) => v.label === "pass").length).toBeGreaterThanOrEqual(16);
    const failed = accurate.filter((v) => v.label === "fail");
    expect(failed.length).toBeGreaterThanOrEqual(16);
    for (const verdict of failed) expect(verdict.issues.join("; ")).toMatch(/(?:never|not) issued/);
    expect(failed.some((verdict) => verdict.issues.some((issue) => /never issued/.test(issue)))).toBe(true);
  });
});
