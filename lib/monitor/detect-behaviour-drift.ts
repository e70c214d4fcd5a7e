import { jensenShannonDivergence, type Histogram } from "./jensen-shannon";
import { chiSquareQuantile } from "./quantiles";

/** One rollout's logged behaviours: each a category, or a list of them (its tool calls). */
export type RolloutBehaviour = { id: string; step: number; behaviours: Record<string, string | string[]> };

export type BehaviourMove = {
  behaviour: string;
  jsd: number;
  /** G = 2·N·ln2·JSD against its chi-square threshold. */
  g: number;
  threshold: number;
  before: Histogram;
  after: Histogram;
  /** The category whose share grew most, and one that shrank most. */
  grew: string;
  shrank: string;
  exampleBefore: string | null;
  exampleAfter: string | null;
};

export type BehaviourDrift = { fromStep: number; toStep: number; baseline: { fromStep: number; toStep: number; rollouts: number }; rollouts: number; moves: BehaviourMove[]; explanation: string };

/**
 * Compares each window of a run's rollouts (by step, about a tenth of them and at least
 * `minRollouts`) with its first window, behaviour by behaviour, by Jensen-Shannon divergence. A
 * behaviour moved when 2·N·ln2·JSD (the G statistic, N counting rollouts, not calls, so calls
 * of one rollout do not pass for independent evidence) exceeds the chi-square quantile at
 * `falseAlarmRate` split over every window and behaviour tested.
 */
export function detectBehaviourDrift(rollouts: readonly RolloutBehaviour[], { minRollouts = 20, falseAlarmRate = 0.01 } = {}): BehaviourDrift[] {
  const windows = windowsByStep([...rollouts].sort((a, b) => a.step - b.step), Math.max(minRollouts, Math.ceil(rollouts.length / 10)));
  const [baseline, ...later] = windows;
  if (!baseline || !later.length) return [];
  const behaviours = [...new Set(rollouts.flatMap((r) => Object.keys(r.behaviours)))].sort();
  const tests = later.length * behaviours.length;
  const drifts: BehaviourDrift[] = [];
  for (const window of later) {
    const moves = behaviours.flatMap((behaviour) => {
      const move = compare(behaviour, baseline, window, tests, falseAlarmRate);
      return move ? [move] : [];
    });
    if (moves.length) drifts.push(describe(baseline, window, moves));
  }
  return drifts;
}

function windowsByStep(sorted: RolloutBehaviour[], size: number): RolloutBehaviour[][] {
  const windows: RolloutBehaviour[][] = [];
  let current: RolloutBehaviour[] = [];
  for (const rollout of sorted) {
    // A window ends only between steps, so one step's rollouts are never split.
    if (current.length >= size && rollout.step !== current.at(-1)!.step) {
      windows.push(current);
      current = [];
    }
    current.push(rollout);
  }
  // A short last window is folded into the one before rather than tested on too little.
  if (current.length >= size || !windows.length) windows.push(current);
  else windows[windows.length - 1]!.push(...current);
  return windows;
}

function histogramOf(window: RolloutBehaviour[], behaviour: string): { histogram: Histogram; rollouts: number } {
  const histogram: Histogram = {};
  let count = 0;
  for (const r of window) {
    const value = r.behaviours[behaviour];
    if (value === undefined) continue;
    count++;
    const values = Array.isArray(value) ? value : [value];
    // Each rollout weighs one, spread over its calls: the mix, not the volume, is compared here.
    for (const v of values) histogram[v] = (histogram[v] ?? 0) + 1 / values.length;
    if (!values.length) histogram["(none)"] = (histogram["(none)"] ?? 0) + 1;
  }
  return { histogram, rollouts: count };
}

function compare(behaviour: string, baseline: RolloutBehaviour[], window: RolloutBehaviour[], tests: number, falseAlarmRate: number): BehaviourMove | null {
  const before = histogramOf(baseline, behaviour);
  const after = histogramOf(window, behaviour);
  const categories = new Set([...Object.keys(before.histogram), ...Object.keys(after.histogram)]);
  if (before.rollouts < 2 || after.rollouts < 2 || categories.size < 2) return null;
  const jsd = jensenShannonDivergence(before.histogram, after.histogram, [before.rollouts, after.rollouts]);
  const g = 2 * (before.rollouts + after.rollouts) * Math.LN2 * jsd;
  const threshold = chiSquareQuantile(1 - falseAlarmRate / tests, categories.size - 1);
  if (g <= threshold) return null;
  const share = (h: Histogram, k: string) => (h[k] ?? 0) / Object.values(h).reduce((s, v) => s + v, 0);
  const change = [...categories].map((k) => ({ k, d: share(after.histogram, k) - share(before.histogram, k) })).sort((a, b) => b.d - a.d);
  const grew = change[0]!.k;
  const shrank = change.at(-1)!.k;
  const has = (r: RolloutBehaviour, k: string) => {
    const value = r.behaviours[behaviour];
    return Array.isArray(value) ? value.includes(k) || (k === "(none)" && !value.length) : value === k;
  };
  return {
    behaviour,
    jsd,
    g,
    threshold,
    before: before.histogram,
    after: after.histogram,
    grew,
    shrank,
    exampleBefore: baseline.find((r) => has(r, shrank))?.id ?? null,
    exampleAfter: window.find((r) => has(r, grew))?.id ?? null,
  };
}

function describe(baseline: RolloutBehaviour[], window: RolloutBehaviour[], moves: BehaviourMove[]): BehaviourDrift {
  const span = (w: RolloutBehaviour[]) => ({ fromStep: w[0]!.step, toStep: w.at(-1)!.step });
  const percent = (h: Histogram, k: string) => `${Math.round((100 * (h[k] ?? 0)) / Object.values(h).reduce((s, v) => s + v, 0))}%`;
  const sorted = [...moves].sort((a, b) => b.jsd - a.jsd);
  const parts = sorted.map((m) => `${m.behaviour} (JSD ${m.jsd.toFixed(3)} bits): ${m.grew} ${percent(m.before, m.grew)} → ${percent(m.after, m.grew)}, ${m.shrank} ${percent(m.before, m.shrank)} → ${percent(m.after, m.shrank)}`);
  const b = span(baseline);
  const w = span(window);
  return {
    ...w,
    baseline: { ...b, rollouts: baseline.length },
    rollouts: window.length,
    moves: sorted,
    explanation: `Against steps ${b.fromStep}–${b.toStep} (${baseline.length} rollouts), steps ${w.fromStep}–${w.toStep} (${window.length} rollouts) moved: ${parts.join("; ")}.`,
  };
}
