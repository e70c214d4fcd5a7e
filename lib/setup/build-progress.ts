/** The stages `next build` prints, in order; the page shows the last one seen. */
export const buildStages = [
  { pattern: /Creating an optimized production build/, label: "compiling the pages" },
  { pattern: /Compiled successfully|Compiled with warnings/, label: "compiled" },
  { pattern: /Running TypeScript|Linting and checking/, label: "checking types" },
  { pattern: /Collecting page data/, label: "collecting page data" },
  { pattern: /Generating static pages/, label: "generating static pages" },
  { pattern: /Finalizing page optimization|Collecting build traces/, label: "finishing" },
] as const;

/** The build's stage after this output line (the index in buildStages), or the current one when the line names none. */
export function stageAfter(line: string, current: number): number {
  const index = buildStages.findIndex((stage) => stage.pattern.test(line));
  return index > current ? index : current;
}

export type BuildProgress = { percent: number; remainingSeconds: number | null; stage: string };

/**
 * How far the build is: the larger of the time spent against the estimate (the last build's
 * duration, when there was one) and the stage reached; never 100 % before it has finished, and
 * the time left is unknown (null) once the estimate is overrun.
 */
export function buildProgress({ elapsedSeconds, estimateSeconds, stage }: { elapsedSeconds: number; estimateSeconds: number; stage: number }): BuildProgress {
  const byTime = (elapsedSeconds / Math.max(1, estimateSeconds)) * 100;
  const byStage = (stage / buildStages.length) * 100;
  const percent = Math.min(95, Math.round(Math.max(byTime, byStage)));
  const remaining = estimateSeconds - elapsedSeconds;
  return { percent, remainingSeconds: remaining > 0 ? Math.round(remaining) : null, stage: buildStages[stage]?.label ?? "starting" };
}
