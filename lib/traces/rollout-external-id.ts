/** The externalId prefix of a stored rollout the reward API could not score (kept so the run's error rate counts it). */
export const errorRolloutPrefix = "rollout-error:";
