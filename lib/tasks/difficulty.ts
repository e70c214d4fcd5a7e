import { z } from "zod";

/**
 * Difficulty calibration: a task's pass rate over its k rollouts, the pool it falls in, and the band
 * GRPO learns from (a task always or never solved gives every rollout of its group the same
 * advantage, zero).
 */

export type DifficultyBand = { low: number; high: number };
export type DifficultyPool = "hard" | "normal" | "easy";

export const DEFAULT_BAND: DifficultyBand = { low: 0.1, high: 0.9 };
/** The pools prime-rl's buffer samples from: hard up to 0.25, normal up to 0.75, easy above. */
export const POOL_LIMITS = { hard: 0.25, normal: 0.75 } as const;
/** A rollout without a success flag passes when its reward reaches this. */
export const PASS_REWARD_THRESHOLD = 0.5;

/** "0.1,0.9": both ends in 0..1, low <= high; the band holds its ends. */
export const bandSchema = z
  .string()
  .regex(/^\s*[0-9.]+\s*,\s*[0-9.]+\s*$/, 'band is "low,high", e.g. 0.1,0.9')
  .transform((text) => text.split(",").map((part) => Number(part.trim())))
  .pipe(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]))
  .refine(([low, high]) => low <= high, "band low must not exceed band high")
  .transform(([low, high]): DifficultyBand => ({ low, high }));

/** Whether one rollout passed: its success flag when the source gave one, else its reward; null when it has neither. */
export function isPassingRollout({ success, reward }: { success: boolean | null; reward: number | null }): boolean | null {
  if (success !== null) return success;
  if (reward !== null) return reward >= PASS_REWARD_THRESHOLD;
  return null;
}

export function poolOf(passRate: number): DifficultyPool {
  if (passRate <= POOL_LIMITS.hard) return "hard";
  if (passRate <= POOL_LIMITS.normal) return "normal";
  return "easy";
}

export function isInBand(passRate: number | null, { low, high }: DifficultyBand): boolean {
  return passRate !== null && passRate >= low && passRate <= high;
}

export type HistogramBin = { from: number; to: number; count: number };

/** `bins` equal bins over [min, max]; the last bin holds max itself. Values outside are not counted. */
export function histogramOf(values: number[], { bins = 10, min = 0, max = 1 } = {}): HistogramBin[] {
  const width = (max - min) / bins;
  const result = Array.from({ length: bins }, (_, index) => ({ from: round(min + index * width), to: round(min + (index + 1) * width), count: 0 }));
  for (const value of values) {
    if (value < min || value > max) continue;
    const index = Math.min(bins - 1, Math.floor((value - min) / width + 1e-9));
    result[index]!.count += 1;
  }
  return result;
}

export type RewardGroup = { count: number; minReward: number; maxReward: number };

/**
 * TRL's frac_reward_zero_std: the share of groups (the k rollouts of one prompt at one step) whose
 * rewards are all equal, so GRPO learns nothing from them. A single rollout is not a group.
 */
export function fracRewardZeroStd(groups: RewardGroup[]): { groups: number; zeroStd: number; fraction: number | null } {
  const real = groups.filter((group) => group.count >= 2);
  const zeroStd = real.filter((group) => group.maxReward - group.minReward <= 1e-12).length;
  return { groups: real.length, zeroStd, fraction: real.length ? zeroStd / real.length : null };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
