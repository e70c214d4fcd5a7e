export type JudgeLabel = "pass" | "fail" | "unsure";
export type PanelVote = { label: JudgeLabel; score: number | null };
export type Consensus = {
  /** The majority label; "unsure" on a tie between pass and fail or when unsure votes lead. */
  label: JudgeLabel;
  meanScore: number | null;
  /** Max minus min of the scores given (0 for one score, null for none). */
  spread: number | null;
  /** Share of votes that agree with the majority label. */
  agreement: number;
  counts: Record<JudgeLabel, number>;
  votes: number;
};

/** The panel's view of one trace. Verdict errors are not votes: drop them before calling. */
export function consensusOf(votes: PanelVote[]): Consensus {
  const counts: Record<JudgeLabel, number> = { pass: 0, fail: 0, unsure: 0 };
  for (const vote of votes) counts[vote.label] += 1;
  const label: JudgeLabel =
    counts.pass > counts.fail && counts.pass >= counts.unsure ? "pass" : counts.fail > counts.pass && counts.fail >= counts.unsure ? "fail" : "unsure";
  const scores = votes.flatMap((vote) => (vote.score === null || Number.isNaN(vote.score) ? [] : [vote.score]));
  return {
    label,
    meanScore: scores.length ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null,
    spread: scores.length ? Math.max(...scores) - Math.min(...scores) : null,
    agreement: votes.length ? counts[label] / votes.length : 0,
    counts,
    votes: votes.length,
  };
}
