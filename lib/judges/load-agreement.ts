import type { Db } from "../db/client";
import { computeAgreement, outcomeLabelOf, type EnvironmentAgreement } from "./compute-agreement";
import { consensusOf, type JudgeLabel } from "./consensus";

/**
 * The /judges figures for a project: each judge's latest version, its verdicts, and the traces
 * they judged with the environment's outcome and the human labels.
 */
export async function loadAgreement(db: Db, { projectId }: { projectId: string }): Promise<EnvironmentAgreement[]> {
  const judges = await db.judge.findMany({ where: { projectId }, include: { versions: { orderBy: { version: "desc" }, take: 1, select: { id: true, version: true } } } });
  const latest = judges.flatMap((judge) => (judge.versions[0] ? [{ judge, version: judge.versions[0] }] : []));
  const judgeOfVersion = new Map(latest.map(({ judge, version }) => [version.id, judge.id]));
  const verdicts = await db.verdict.findMany({
    where: { projectId, judgeVersionId: { in: [...judgeOfVersion.keys()] } },
    select: { judgeVersionId: true, traceId: true, label: true, score: true, error: true, tokensIn: true, tokensOut: true, costUsd: true },
  });
  // A relation filter rather than a list of trace ids, which would outgrow SQLite's bound-parameter limit.
  const judged = { verdicts: { some: { judgeVersionId: { in: [...judgeOfVersion.keys()] } } } };
  const [traces, labels] = await Promise.all([
    db.trace.findMany({ where: { projectId, ...judged }, select: { id: true, source: true, environment: true, reward: true, success: true } }),
    db.humanLabel.findMany({ where: { projectId, trace: judged }, select: { traceId: true, label: true } }),
  ]);
  const humanVotes = new Map<string, JudgeLabel[]>();
  for (const { traceId, label } of labels) if (label === "pass" || label === "fail" || label === "unsure") humanVotes.set(traceId, [...(humanVotes.get(traceId) ?? []), label]);
  return computeAgreement({
    judges: latest.map(({ judge, version }) => ({ judgeId: judge.id, name: judge.name, kind: judge.kind, isSimulated: judge.isSimulated, version: version.version })),
    verdicts: verdicts.map(({ judgeVersionId, ...verdict }) => ({ ...verdict, judgeId: judgeOfVersion.get(judgeVersionId)! })),
    traces: traces.map((trace) => {
      const human = humanVotes.get(trace.id);
      return { id: trace.id, environment: trace.environment, outcome: outcomeLabelOf(trace), human: human ? consensusOf(human.map((label) => ({ label, score: null }))).label : null };
    }),
  });
}
