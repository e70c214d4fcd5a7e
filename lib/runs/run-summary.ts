/** A finished run's headline numbers (first and last windows of its curves), stored on TrainingRun.summary. */
export type RunSummary = {
  steps: number;
  proxyReward: { first: number; last: number };
  trueSuccess: { first: number; best: number; last: number };
  heldOutSuccess: { first: number; last: number };
  hackRate: { first: number; last: number };
};
