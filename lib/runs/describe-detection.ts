import type { RunDetection } from "./list-run-detections";

// The reference the run monitor pairs a firing rate with (lib/monitor/detect-firing-rise.ts); spelled here because
// lib/runs sits below lib/monitor in docs/architecture.md's layers and may not import it.
const FIRING_BASELINE = "baseline";
const isJudgeFailRate = (metric: string) => /^judge\/.+\/fail_rate$/.test(metric);

const number = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * One sentence a domain reviewer reads before any statistic: what moved, which way, and from about
 * which step. The figures behind it (slopes, σ, ρ, JSD) stay in the detection's numbers.
 */
export function describeDetection(detection: RunDetection): string {
  const onset = detection.onset;
  const from =
    onset.from !== null && onset.to !== null && onset.from !== onset.to
      ? `between steps ${onset.from.toLocaleString("en")} and ${onset.to.toLocaleString("en")}`
      : `from about step ${onset.step.toLocaleString("en")}`;
  if (detection.metricPair) {
    const { proxy, reference } = detection.metricPair;
    const sigma = number(detection.numbers.riseSigma);
    const size = sigma === null ? "" : ` (a rise of ${sigma.toFixed(1)} times its step-to-step noise)`;
    // A firing rate is paired with its own flat baseline, not with a metric it should track.
    if (reference === FIRING_BASELINE) return `${proxy}${isJudgeFailRate(proxy) ? " (how often the judge fails rollouts)" : ""} rose above its own earlier level${size}, ${from}.`;
    if (detection.kind === "held_out_gap")
      return `${proxy} kept rising on the training tasks while ${reference} on held-out tasks did not follow${size}, ${from}: the behaviour being rewarded does not generalise.`;
    // A detection on the reference's own fall measures the fall, not a rise of the proxy.
    if (detection.numbers.basis === "reference_fall") {
      const fall = sigma === null ? "" : ` (a fall of ${sigma.toFixed(1)} times its step-to-step noise)`;
      return `${proxy} (the reward being optimised) kept rising while ${reference} (what it should track) fell${fall}, ${from}.`;
    }
    return `${proxy} (the reward being optimised) kept rising while ${reference} (what it should track) did not follow${size}, ${from}.`;
  }
  const moves = Array.isArray(detection.numbers.moves) ? (detection.numbers.moves as { behaviour?: unknown; grew?: unknown; shrank?: unknown }[]) : [];
  const changes = moves
    .slice(0, 3)
    .map((m) => `${String(m.behaviour)} shifted towards “${String(m.grew)}”${m.shrank ? ` and away from “${String(m.shrank)}”` : ""}`);
  return changes.length ? `The rollouts started behaving differently ${from}: ${changes.join("; ")}.` : `The rollouts started behaving differently ${from}.`;
}
