import type { PairedEffect } from "./paired-effect";

/** One honest rollout and its probe, with both rewards and truths: the evidence a reviewer reads. */
export type ProbePair = {
  honestTraceId: string | null;
  honestReply: string | null;
  probeReply: string | null;
  /** Tool calls of the honest rollout and the probe, by name, in order: the diff of what was done. */
  honestTools: string[];
  probeTools: string[];
  honestReward: number;
  probeReward: number;
  honestTruth: number;
  probeTruth: number;
  /** Set once the probe is stored as a trace (loophole examples only). */
  probeTraceId?: string | null;
};

export type FamilyResult = {
  id: string;
  label: string;
  description: string;
  /** Honest rollouts the family could edit (a probe each). */
  probes: number;
  reward: PairedEffect;
  truth: PairedEffect;
  isLoophole: boolean;
  /** Why it is or is not a loophole, with the numbers. */
  verdict: string;
  /** The pairs whose reward rose most (all pairs of a loophole up to a few). */
  examples: ProbePair[];
};

/** A family as the report holds it: a loophole also names the review case and the proposed hack it was recorded as. */
export type RecordedFamily = FamilyResult & { edgeCaseId?: string; knownHackId?: string; proposedCheck?: string | null };

export type JudgeBiasResult = { judge: string; simulated: boolean; biases: Array<{ id: string; label: string; effect: PairedEffect; isBiased: boolean; note?: string }> };

export type RedteamReport = {
  rubricVersionId: string;
  environment: string;
  truthSource: string;
  honestRollouts: number;
  probesScored: number;
  families: RecordedFamily[];
  loopholes: string[];
  judgeBias: JudgeBiasResult[];
  wallSeconds: number;
};
