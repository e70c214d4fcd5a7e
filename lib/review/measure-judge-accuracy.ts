import type { Db } from "../db/client";
import type { JudgeAccuracy } from "./trace-evidence";

/** Per judge, how often its pass/fail matched a person's pass/fail on the same trace, over the whole project. */
export async function measureJudgeAccuracy(db: Db, { projectId }: { projectId: string }): Promise<JudgeAccuracy> {
  const labels = await db.humanLabel.findMany({ where: { projectId, label: { in: ["pass", "fail"] } }, select: { traceId: true, label: true } });
  const accuracy: JudgeAccuracy = new Map();
  const byTrace = new Map<string, string[]>();
  for (const { traceId, label } of labels) byTrace.set(traceId, [...(byTrace.get(traceId) ?? []), label]);
  const traceIds = [...byTrace.keys()];
  for (let i = 0; i < traceIds.length; i += 500) {
    const verdicts = await db.verdict.findMany({
      where: { traceId: { in: traceIds.slice(i, i + 500) }, error: null, label: { in: ["pass", "fail"] } },
      select: { traceId: true, label: true, judgeVersion: { select: { judgeId: true, judge: { select: { name: true } } } } },
    });
    for (const verdict of verdicts) {
      const entry = accuracy.get(verdict.judgeVersion.judgeId) ?? { judgeName: verdict.judgeVersion.judge.name, agreed: 0, compared: 0 };
      for (const human of byTrace.get(verdict.traceId) ?? []) {
        entry.compared += 1;
        if (human === verdict.label) entry.agreed += 1;
      }
      accuracy.set(verdict.judgeVersion.judgeId, entry);
    }
  }
  return accuracy;
}
