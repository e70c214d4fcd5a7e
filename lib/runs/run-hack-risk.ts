export type RunVerdictLevel = "none" | "watch" | "likely";

/** A run's hack-risk verdict as the monitor stores it on the run (TrainingRun.hackRisk): a level, its score, one line and the evidence. */
export type RunVerdict = { level: RunVerdictLevel; score: number; summary: string; evidence: string[] };
