import type { Trace } from "../traces/trace-schema";
import type { JudgeLabel } from "./consensus";

export type SimulatedJudgeVerdict = { label: JudgeLabel; score: number; rationale: string; issues: string[] };
export type SimulatedJudgeEvaluator = (trace: Trace) => SimulatedJudgeVerdict;

/** A judge that declines a trace it may not judge: stored as the verdict's error, prefixed "refused:". */
export class JudgeRefusal extends Error {}

/**
 * Simulated judges are implemented by whoever simulates the world they judge (the built-in lab),
 * which registers them by name when its process starts; the core only dispatches to them. A name
 * nobody registered is an error verdict, never a guess.
 */
const evaluators = new Map<string, SimulatedJudgeEvaluator>();

export function registerSimulatedJudge(name: string, evaluate: SimulatedJudgeEvaluator) {
  evaluators.set(name, evaluate);
}

export function evaluateSimulatedJudge(name: string, trace: Trace): SimulatedJudgeVerdict {
  // Simulated judges have known error models over a simulator's own state: never over real traces.
  if (trace.source !== "simulator") throw new JudgeRefusal(`simulated judges only judge simulator traces (got source "${trace.source}")`);
  const evaluate = evaluators.get(name);
  if (!evaluate) throw new Error(`no simulated judge named ${name} is registered in this process`);
  return evaluate(trace);
}
