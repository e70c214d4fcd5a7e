/** The externalId prefix of a stored rollout the reward API could not score (kept so the run's error rate counts it). */
export const errorRolloutPrefix = "rollout-error:";
/** The externalId prefix of a rollout the caller named with its own `sampleId`: one trace per id, scored or not. */
export const sampleRolloutPrefix = "rollout-sample:";

/**
 * Whether a stored rollout is one the reward API could not score. A sample keeps its id's key either
 * way (so a retry with other content is found), and is told by having no steps: a scored rollout
 * always has its assistant turn, a kept unscored one none.
 */
export function isUnscoredRollout({ externalId, stepCount }: { externalId: string | null; stepCount: number }): boolean {
  if (!externalId) return false;
  return externalId.startsWith(errorRolloutPrefix) || (externalId.startsWith(sampleRolloutPrefix) && stepCount === 0);
}
