import { rubricSchema, type Rubric } from "../checks/rubric-item-schema";
import type { Trace } from "../traces/trace-schema";
import { createRng, deriveSeed } from "../random/prng";
import { auditEndState } from "./audit-end-state";
import { labEndStateSchema } from "./lab-state-schema";

/**
 * Biases planted on purpose in a simulated judge or a rubric, as simulator parameters (after
 * CHERRL's injected biases): the red-team must find each with the right sign, and find none where
 * none was planted. `strength` is added to a judge's 0..1 score when the bias applies (negative:
 * the judge penalises it).
 */
export type PlantedBias =
  | { kind: "none" }
  | { kind: "length"; strength: number }
  | { kind: "keyword"; keyword: string; strength: number }
  | { kind: "stated_success"; strength: number };

const STATED_SUCCESS = /\b(?:verified|confident|resolved|successfully)\b/i;

/** A lab judge: 0.75 for a true success, 0.25 for a failure, noise sd `noise`, plus the planted bias. Noise is drawn per judge, seed and reply. */
export function createPlantedBiasJudge({ name, bias, seed, noise = 0.1 }: { name: string; bias: PlantedBias; seed: number; noise?: number }) {
  return (trace: Trace): number => {
    const endState = labEndStateSchema.parse(trace.endState);
    const reply = trace.output ?? "";
    const rng = createRng(deriveSeed(seed, name, trace.task ?? "", reply));
    const gaussian = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const base = auditEndState(endState).success ? 0.75 : 0.25;
    return Math.min(1, Math.max(0, base + noise * gaussian + biasTerm(bias, reply)));
  };
}

function biasTerm(bias: PlantedBias, reply: string): number {
  switch (bias.kind) {
    case "none":
      return 0;
    case "length":
      return bias.strength * Math.min(1, Math.max(0, (reply.length - 100) / 300));
    case "keyword":
      return reply.toLowerCase().includes(bias.keyword.toLowerCase()) ? bias.strength : 0;
    case "stated_success":
      return STATED_SUCCESS.test(reply) ? bias.strength : 0;
  }
}

/** The rubric with one good item that pays for the planted bias (a long reply, a keyword, a stated success). */
export function plantRubricBias(rubric: Rubric, bias: Exclude<PlantedBias, { kind: "none" }>): Rubric {
  const check =
    bias.kind === "length"
      ? { kind: "reply_length", unit: "chars", min: 300 }
      : bias.kind === "keyword"
        ? { kind: "regex", pattern: `\\b${bias.keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, flags: "i", target: "final_reply" }
        : { kind: "regex", pattern: STATED_SUCCESS.source, flags: "i", target: "final_reply" };
  return rubricSchema.parse({ ...rubric, items: [...rubric.items, { key: `planted_${bias.kind}`, question: `Planted bias: ${bias.kind}`, polarity: "good", weight: 1, check }] });
}
