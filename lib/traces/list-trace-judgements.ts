import type { Db } from "../db/client";

/**
 * The newest verdict (label, score, judge) and the panel's view: each judge's newest label, counted
 * (`labels`), over `judgeCount` judges, so one lenient judge's pass does not read as the panel's.
 */
export type LatestVerdict = { label: string; score: number | null; judgeName: string; isSimulated: boolean; judgeCount: number; labels: Record<string, number> };
export type LatestRubricResult = { rubricName: string; version: number; goodYes: number; goodAnswered: number; hacksFired: number };
export type TraceJudgement = { verdict: LatestVerdict | null; rubric: LatestRubricResult | null };

/**
 * For one page of the trace list: each trace's most recent judge verdict (with how many judges
 * rated it and each one's newest label) and the results of the rubric version applied to it most recently.
 */
export async function listTraceJudgements(db: Db, { projectId, traceIds }: { projectId: string; traceIds: string[] }): Promise<Map<string, TraceJudgement>> {
  const judgements = new Map<string, TraceJudgement>(traceIds.map((id) => [id, { verdict: null, rubric: null }]));
  if (traceIds.length === 0) return judgements;
  const [verdicts, rows] = await Promise.all([
    db.verdict.findMany({
      where: { projectId, traceId: { in: traceIds } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { traceId: true, label: true, score: true, judgeVersionId: true },
    }),
    db.itemResult.findMany({ where: { projectId, traceId: { in: traceIds } }, select: { traceId: true, answer: true, createdAt: true, rubricItemId: true } }),
  ]);
  // The judges and rubric items are read once each, and not at all for a page nothing judged yet
  // (nested selects would query the judge, rubric item, version and rubric tables for every page).
  const [judgeVersions, rubricItems] = await Promise.all([
    verdicts.length === 0
      ? []
      : db.judgeVersion.findMany({ where: { id: { in: [...new Set(verdicts.map((v) => v.judgeVersionId))] } }, select: { id: true, judge: { select: { id: true, name: true, isSimulated: true } } } }),
    rows.length === 0
      ? []
      : db.rubricItem.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.rubricItemId))] } },
          select: { id: true, polarity: true, rubricVersion: { select: { id: true, version: true, rubric: { select: { name: true } } } } },
        }),
  ]);
  const judgeOf = new Map(judgeVersions.map((version) => [version.id, version.judge]));
  const itemOf = new Map(rubricItems.map((item) => [item.id, item]));
  const results = rows.flatMap((row) => {
    const rubricItem = itemOf.get(row.rubricItemId);
    return rubricItem ? [{ ...row, rubricItem }] : [];
  });
  // Newest first: a judge's first verdict here is its newest on the trace; later ones are older runs.
  const judgesOfTrace = new Map<string, Set<string>>();
  for (const verdict of verdicts) {
    const judgement = judgements.get(verdict.traceId)!;
    const { id: judgeId, name, isSimulated } = judgeOf.get(verdict.judgeVersionId)!; // a required relation
    let seen = judgesOfTrace.get(verdict.traceId);
    if (!seen) judgesOfTrace.set(verdict.traceId, (seen = new Set()));
    if (seen.has(judgeId)) continue;
    seen.add(judgeId);
    if (!judgement.verdict) judgement.verdict = { label: verdict.label, score: verdict.score, judgeName: name, isSimulated, judgeCount: 0, labels: {} };
    judgement.verdict.judgeCount += 1;
    judgement.verdict.labels[verdict.label] = (judgement.verdict.labels[verdict.label] ?? 0) + 1;
  }
  // The rubric version whose results on the trace are newest (ties: the higher version).
  const latestOf = new Map<string, (typeof results)[number]>();
  for (const result of results) {
    const best = latestOf.get(result.traceId);
    const isNewer =
      !best ||
      result.createdAt > best.createdAt ||
      (result.createdAt.getTime() === best.createdAt.getTime() && result.rubricItem.rubricVersion.version > best.rubricItem.rubricVersion.version);
    if (isNewer) latestOf.set(result.traceId, result);
  }
  for (const [traceId, latest] of latestOf) {
    const { version, rubric } = latest.rubricItem.rubricVersion;
    judgements.get(traceId)!.rubric = { rubricName: rubric.name, version, goodYes: 0, goodAnswered: 0, hacksFired: 0 };
  }
  for (const { traceId, answer, rubricItem } of results) {
    if (rubricItem.rubricVersion.id !== latestOf.get(traceId)!.rubricItem.rubricVersion.id) continue;
    const summary = judgements.get(traceId)!.rubric!;
    if (rubricItem.polarity === "hack" && answer === "yes") summary.hacksFired += 1;
    if (rubricItem.polarity === "good" && answer !== "n/a") {
      summary.goodAnswered += 1;
      if (answer === "yes") summary.goodYes += 1;
    }
  }
  return judgements;
}
