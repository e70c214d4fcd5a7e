/** A finished run's headline numbers (first and last windows of its curves), stored on TrainingRun.summary. */
export type RunSummary = {
  steps: number;
  proxyReward: { first: number; last: number };
  trueSuccess: { first: number; best: number; last: number };
  heldOutSuccess: { first: number; last: number };
  hackRate: { first: number; last: number };
};

/** "First" and "last" everywhere a run is summarised: the mean over the first or last 10% of its steps (at least one). */
export const summaryWindow = (steps: number) => Math.max(1, Math.round(steps * 0.1));
