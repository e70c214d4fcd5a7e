import { computeCohenKappa } from "./cohen-kappa";
import { buildConfusionMatrix, type ConfusionMatrix } from "./confusion-matrix";
import { consensusOf, type JudgeLabel } from "./consensus";
import { computeFleissKappa } from "./fleiss-kappa";

export type AgreementJudge = { judgeId: string; name: string; kind: string; isSimulated: boolean; version: number };
export type AgreementVerdict = { judgeId: string; traceId: string; label: string; score: number | null; error: string | null; tokensIn: number | null; tokensOut: number | null; costUsd: number | null };
export type AgreementTrace = { id: string; environment: string | null; outcome: JudgeLabel | null; human: JudgeLabel | null };

/** How often one rater matches a reference label; an unsure vote never matches. */
export type Agreement = { agree: number; total: number; accuracy: number | null; kappa: number | null; matrix: ConfusionMatrix };
export type JudgeAgreement = AgreementJudge & {
  verdicts: number;
  errors: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  /** Against the environment's own outcome (the success its source states, else reward >= 0.5). */
  outcome: Agreement;
  /** Against human labels (the majority where several people labelled a trace). */
  human: Agreement;
};
export type EnvironmentAgreement = {
  environment: string;
  traces: number;
  /** Fleiss' kappa across the panel, over traces with at least two votes. */
  fleissKappa: number | null;
  judges: JudgeAgreement[];
  /** The panel's majority label (ties are unsure) against the outcome and human labels. */
  panel: { outcome: Agreement; human: Agreement };
  /** The single judge that best matches the outcome, by accuracy. */
  bestSingle: JudgeAgreement | null;
};

const noEnvironment = "(none)";

/**
 * The environment's outcome as a label: the success the source states (a simulator's true outcome,
 * a task checker's verdict) when it states one, else reward >= 0.5. Success comes first because a
 * reward may be the very proxy being judged.
 */
export function outcomeLabelOf({ reward, success }: { reward: number | null; success: boolean | null }): JudgeLabel | null {
  if (success != null) return success ? "pass" : "fail";
  if (reward != null) return reward >= 0.5 ? "pass" : "fail";
  return null;
}

/** Agreement figures per environment from judges, their verdicts and the traces' reference labels. Verdict errors are not votes. */
export function computeAgreement({ judges, verdicts, traces }: { judges: AgreementJudge[]; verdicts: AgreementVerdict[]; traces: AgreementTrace[] }): EnvironmentAgreement[] {
  const traceById = new Map(traces.map((trace) => [trace.id, trace]));
  const byEnvironment = new Map<string, AgreementVerdict[]>();
  for (const verdict of verdicts) {
    const trace = traceById.get(verdict.traceId);
    if (!trace) continue;
    const key = trace.environment ?? noEnvironment;
    byEnvironment.set(key, [...(byEnvironment.get(key) ?? []), verdict]);
  }
  return [...byEnvironment]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([environment, rows]) => {
      const votes = rows.filter((row) => !row.error && isLabel(row.label));
      const votesByTrace = new Map<string, AgreementVerdict[]>();
      for (const vote of votes) votesByTrace.set(vote.traceId, [...(votesByTrace.get(vote.traceId) ?? []), vote]);
      const panelJudges = judges
        .filter((judge) => rows.some((row) => row.judgeId === judge.judgeId))
        .map((judge) => summarizeJudge(judge, rows.filter((row) => row.judgeId === judge.judgeId), traceById));
      const panelLabels = [...votesByTrace].map(([traceId, traceVotes]) => ({ trace: traceById.get(traceId)!, label: consensusOf(traceVotes.map((v) => ({ label: v.label as JudgeLabel, score: v.score }))).label }));
      const best = panelJudges.filter((judge) => judge.outcome.accuracy !== null).sort((a, b) => b.outcome.accuracy! - a.outcome.accuracy!)[0] ?? null;
      return {
        environment,
        traces: new Set(rows.map((row) => row.traceId)).size,
        fleissKappa: computeFleissKappa([...votesByTrace.values()].map((traceVotes) => (["pass", "fail", "unsure"] as const).map((label) => traceVotes.filter((v) => v.label === label).length))),
        judges: panelJudges,
        panel: {
          outcome: agreementOf(panelLabels.map(({ trace, label }) => ({ reference: trace.outcome, predicted: label }))),
          human: agreementOf(panelLabels.map(({ trace, label }) => ({ reference: trace.human, predicted: label }))),
        },
        bestSingle: best,
      };
    });
}

function summarizeJudge(judge: AgreementJudge, rows: AgreementVerdict[], traceById: Map<string, AgreementTrace>): JudgeAgreement {
  const votes = rows.filter((row) => !row.error && isLabel(row.label));
  return {
    ...judge,
    verdicts: rows.length,
    errors: rows.length - votes.length,
    tokensIn: rows.reduce((sum, row) => sum + (row.tokensIn ?? 0), 0),
    tokensOut: rows.reduce((sum, row) => sum + (row.tokensOut ?? 0), 0),
    costUsd: rows.reduce((sum, row) => sum + (row.costUsd ?? 0), 0),
    outcome: agreementOf(votes.map((vote) => ({ reference: traceById.get(vote.traceId)?.outcome ?? null, predicted: vote.label as JudgeLabel }))),
    human: agreementOf(votes.map((vote) => ({ reference: traceById.get(vote.traceId)?.human ?? null, predicted: vote.label as JudgeLabel }))),
  };
}

function agreementOf(pairs: Array<{ reference: JudgeLabel | null; predicted: JudgeLabel }>): Agreement {
  const known = pairs.filter((pair): pair is { reference: JudgeLabel; predicted: JudgeLabel } => pair.reference !== null);
  const matrix = buildConfusionMatrix(known);
  return {
    agree: known.filter((pair) => pair.reference === pair.predicted).length,
    total: known.length,
    accuracy: matrix.accuracy,
    // References of one label only (every human label of a confirmed hack is "fail") make kappa 0
    // however well the judge agrees: no figure, and the agreement share says what there is to say.
    kappa: new Set(known.map((pair) => pair.reference)).size < 2 ? null : computeCohenKappa(known.map((pair) => [pair.reference, pair.predicted])),
    matrix,
  };
}

function isLabel(label: string): label is JudgeLabel {
  return label === "pass" || label === "fail" || label === "unsure";
}
