export type MetricPair = { proxy: string; reference: string };

// goodhart/reward/mean: the mean reward the reward API gave the run's rollouts (recordRolloutStepMetrics).
const proxyPattern = /^(reward|rewards\/.+|reward\/.+|train\/reward.*|goodhart\/reward\/mean)$/i;
// A reward's spread or error rate is not the reward: TRL's rewards/NAME/std, the server's goodhart/reward/std.
const notALevelPattern = /[/_](std|var|min|max|error_rate|count)$/i;
const isProxy = (name: string) => proxyPattern.test(name) && !notALevelPattern.test(name);
const referencePattern = /^(success\/|eval\/|test\/|held-?out|true)/i;

const heldOutPattern = /(^|\/)held-?out|^eval\//i;

/** A metric measured on tasks the run does not train on (held-out*, heldout*, success/heldout, eval/*): paired with it, a training metric is tested as a held-out gap. */
export function isHeldOutMetric(name: string): boolean {
  return heldOutPattern.test(name);
}

/** Pairs guessed from names, at most this many, so a run with hundreds of eval metrics stays cheap. */
const MAX_GUESSED_PAIRS = 20;

/**
 * The proxy/reference pairs of a run: the configured ones when config.divergence is set (names the
 * run never logged are kept, so a typo shows as a pair with no points rather than vanishing),
 * otherwise every proxy-like name (reward, reward/*, rewards/*, train/reward*, goodhart/reward/mean;
 * not a spread or rate such as rewards/NAME/std) against every reference-like one (success/*, eval/*,
 * test/*, held-out*, heldout*, true*).
 */
export function divergencePairs(metricNames: readonly string[], configured: MetricPair[] | undefined): MetricPair[] {
  if (configured) return configured;
  const proxies = metricNames.filter(isProxy);
  const references = metricNames.filter((name) => referencePattern.test(name) && !proxyPattern.test(name));
  return proxies.flatMap((proxy) => references.map((reference) => ({ proxy, reference }))).slice(0, MAX_GUESSED_PAIRS);
}
