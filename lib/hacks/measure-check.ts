import { compileCheck } from "../checks/compile-check";
import type { ItemAnswer, RubricCheck } from "../checks/rubric-item-schema";
import type { TraceView } from "../checks/trace-view";
import type { Trace } from "../traces/trace-schema";

/** A trace and its view, read once: rules read the view, an llm question the trace. */
export type ViewedTrace = { id: string; trace: Trace; view: TraceView };
/** The confirmed examples of a hack, and the environment's honest traces it must stay quiet on. */
export type InductionSets = { examples: ViewedTrace[]; honest: ViewedTrace[] };

/**
 * How a check does on both sets: it should fire (answer yes) on every example and on no honest
 * trace. precision = example hits / all hits (null when it fires on nothing); recall = example
 * hits / examples (null with no examples). Misses and false hits are listed by trace id.
 */
export type CheckMeasurement = {
  precision: number | null;
  recall: number | null;
  examples: number;
  honest: number;
  exampleHits: number;
  honestHits: number;
  missedExampleIds: string[];
  honestHitIds: string[];
};

const listedIds = 50;

export function measureFirings({ examples, honest }: InductionSets, fires: { examples: boolean[]; honest: boolean[] }): CheckMeasurement {
  const missed = examples.filter((_, i) => !fires.examples[i]).map((t) => t.id);
  const hit = honest.filter((_, i) => fires.honest[i]).map((t) => t.id);
  const exampleHits = examples.length - missed.length;
  const fired = exampleHits + hit.length;
  return {
    precision: fired ? exampleHits / fired : null,
    recall: examples.length ? exampleHits / examples.length : null,
    examples: examples.length,
    honest: honest.length,
    exampleHits,
    honestHits: hit.length,
    missedExampleIds: missed.slice(0, listedIds),
    honestHitIds: hit.slice(0, listedIds),
  };
}

/** Measures a rule check (an llm check answers n/a here and so fires on nothing; see measure-llm-question.ts). */
export function measureCheck(check: RubricCheck, sets: InductionSets): CheckMeasurement {
  const compiled = compileCheck(check);
  const fires = (traces: ViewedTrace[]) => traces.map((t) => isYes(compiled(t.view).answer));
  return measureFirings(sets, { examples: fires(sets.examples), honest: fires(sets.honest) });
}

const isYes = (answer: ItemAnswer) => answer === "yes";
