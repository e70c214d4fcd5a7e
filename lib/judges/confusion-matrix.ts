import type { JudgeLabel } from "./consensus";

export const judgeLabels: JudgeLabel[] = ["pass", "fail", "unsure"];

/** rows: the reference label (human or environment outcome); columns: the judge's label. */
export type ConfusionMatrix = {
  labels: JudgeLabel[];
  counts: Record<JudgeLabel, Record<JudgeLabel, number>>;
  total: number;
  /** Share of items where the judge gave the reference label; an unsure vote is never right. */
  accuracy: number | null;
};

export function buildConfusionMatrix(pairs: Array<{ reference: JudgeLabel; predicted: JudgeLabel }>): ConfusionMatrix {
  const counts = Object.fromEntries(judgeLabels.map((row) => [row, Object.fromEntries(judgeLabels.map((col) => [col, 0]))])) as ConfusionMatrix["counts"];
  let agreed = 0;
  for (const { reference, predicted } of pairs) {
    counts[reference][predicted] += 1;
    if (reference === predicted) agreed++;
  }
  return { labels: judgeLabels, counts, total: pairs.length, accuracy: pairs.length ? agreed / pairs.length : null };
}
