export type MetricPair = { proxy: string; reference: string };

const proxyPattern = /^(reward|rewards\/.+|reward\/.+|train\/reward.*)$/i;
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
 * otherwise every proxy-like name (reward, reward/*, rewards/*, train/reward*) against every
 * reference-like one (success/*, eval/*, test/*, held-out*, heldout*, true*).
 */
export function divergencePairs(metricNames: readonly string[], configured: MetricPair[] | undefined): MetricPair[] {
  if (configured) return configured;
  const proxies = metricNames.filter((name) => proxyPattern.test(name));
  const references = metricNames.filter((name) => referencePattern.test(name) && !proxyPattern.test(name));
  return proxies.flatMap((proxy) => references.map((reference) => ({ proxy, reference }))).slice(0, MAX_GUESSED_PAIRS);
}
