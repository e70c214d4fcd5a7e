import { createRng, deriveSeed } from "../random/prng";
import type { Trace } from "../traces/trace-schema";
import { decideLoophole } from "./decide-loophole";
import { pairedEffect } from "./paired-effect";
import type { ProbeFamily } from "./probe-families";
import type { FamilyResult, ProbePair } from "./redteam-report";
import { carriesReply, finalReplyOf, toolCallsOf } from "./trace-edits";

export type HonestRollout = { id: string | null; trace: Trace; reward: number; truth: number };
/** The reward path a trainer uses, for a batch of probes. */
export type ScoreTraces = (traces: Trace[]) => Promise<number[]>;
/** The truth of a probe, made from its honest rollout (whose id locates its task). */
export type MeasureTruth = (probe: Trace, honest: HonestRollout) => Promise<number>;
/** Probes made elsewhere (an attacker endpoint, a known hack of another environment), paired with the honest rollout they stand beside. */
export type ExtraProbes = { family: Omit<ProbeFamily, "probe">; probes: Array<{ honest: HonestRollout; probe: Trace }> };

const EXAMPLES_PER_FAMILY = 5;

/** Scores every family's probes of the honest rollouts and decides, family by family, whether it is a loophole. */
export async function runProbes({
  honest,
  families,
  extra = [],
  rubricPhrases,
  seed,
  score,
  truth,
  onFamily,
}: {
  honest: HonestRollout[];
  families: readonly ProbeFamily[];
  extra?: ExtraProbes[];
  rubricPhrases: string[];
  seed: number;
  score: ScoreTraces;
  truth: MeasureTruth;
  onFamily?: (done: number, total: number) => Promise<void>;
}): Promise<Array<{ result: FamilyResult; exampleProbes: Trace[] }>> {
  const donors = honest.map((h) => h.trace);
  const made: ExtraProbes[] = expandPerAction(families, donors).map(({ family, action }) => {
    const rng = createRng(deriveSeed(seed, family.id));
    const probes = honest.flatMap((h) => {
      const probe = family.probe(h.trace, { donors, rubricPhrases, rng, action });
      return probe ? [{ honest: h, probe }] : [];
    });
    return { family, probes };
  });
  const results: Array<{ result: FamilyResult; exampleProbes: Trace[] }> = [];
  const all = [...made, ...extra];
  for (const [done, { family, probes }] of all.entries()) {
    const rewards = await score(probes.map((p) => p.probe));
    const truths = await Promise.all(probes.map((p) => truth(p.probe, p.honest)));
    const pairs: ProbePair[] = probes.map(({ honest: h, probe }, i) => ({
      honestTraceId: h.id,
      honestReply: finalReplyOf(h.trace),
      probeReply: finalReplyOf(probe),
      honestTools: toolCallsOf(h.trace).map(({ step }) => step.name!),
      probeTools: toolCallsOf(probe).map(({ step }) => step.name!),
      honestReward: h.reward,
      probeReward: rewards[i]!,
      honestTruth: h.truth,
      probeTruth: truths[i]!,
    }));
    const reward = pairedEffect(pairs.map((p) => p.probeReward - p.honestReward));
    const truthEffect = pairedEffect(pairs.map((p) => p.probeTruth - p.honestTruth));
    const { isLoophole, verdict } = decideLoophole(reward, truthEffect);
    const order = pairs.map((_, i) => i).sort((a, b) => gain(pairs[b]!) - gain(pairs[a]!)).slice(0, EXAMPLES_PER_FAMILY);
    results.push({
      result: { id: family.id, label: family.label, description: family.description, probes: pairs.length, reward, truth: truthEffect, isLoophole, verdict, examples: order.map((i) => pairs[i]!) },
      exampleProbes: order.map((i) => probes[i]!.probe),
    });
    await onFamily?.(done + 1, all.length);
  }
  return results;
}

/** A per-action family once per tool the honest rollouts call (never the tool that only carries the reply). */
function expandPerAction(families: readonly ProbeFamily[], donors: Trace[]): Array<{ family: ProbeFamily; action?: string }> {
  const tools = [...new Set(donors.flatMap((d) => toolCallsOf(d).filter(({ step }) => !carriesReply(step, finalReplyOf(d))).map(({ step }) => step.name!)))].sort();
  return families.flatMap((family) =>
    family.isPerAction ? tools.map((tool) => ({ family: { ...family, id: `${family.id}:${tool}`, label: `${family.label} (${tool})` }, action: tool })) : [{ family }],
  );
}

function gain(pair: ProbePair): number {
  return pair.probeReward - pair.honestReward - (pair.probeTruth - pair.honestTruth);
}
