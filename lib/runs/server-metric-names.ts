/**
 * The prefix of the metrics Goodhart computes itself from a run's rollouts (recordRolloutStepMetrics).
 * A trainer's own points never carry it (POST /metrics refuses it), so neither side overwrites the
 * other's, whatever names the trainer logs (TRL's `rewards/NAME/mean`, verl's `critic/rewards/mean`).
 */
export const SERVER_METRIC_PREFIX = "goodhart/";

export const serverMetricName = (name: string) => `${SERVER_METRIC_PREFIX}${name}`;

export const isServerMetricName = (name: string) => name.startsWith(SERVER_METRIC_PREFIX);

/** Why a trainer's point under the prefix is refused (POST /metrics) or left out (a metrics file). */
export const SERVER_METRIC_NAME_REFUSAL = `the ${SERVER_METRIC_PREFIX} prefix is kept for the metrics Goodhart computes from the run's rollouts; log this under another name`;
