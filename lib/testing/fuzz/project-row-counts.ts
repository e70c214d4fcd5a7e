import type { Db } from "../../db/client";

/**
 * How many rows a project holds in each table a request can write, and how many of its objects
 * are in a decided state: equal before and after a rejected request, or something was stored.
 */
export async function countProjectRows(db: Db, projectId: string): Promise<Record<string, number>> {
  const project = { projectId };
  const ofRun = { run: project };
  const ofRubric = { rubric: project };
  const counts: Record<string, Promise<number>> = {
    traces: db.trace.count({ where: project }),
    traceSteps: db.traceStep.count({ where: { trace: project } }),
    documents: db.document.count({ where: project }),
    tasks: db.task.count({ where: project }),
    runs: db.trainingRun.count({ where: project }),
    metricPoints: db.metricPoint.count({ where: ofRun }),
    runEvents: db.runEvent.count({ where: ofRun }),
    rubricVersions: db.rubricVersion.count({ where: ofRubric }),
    approvedRubricVersions: db.rubricVersion.count({ where: { ...ofRubric, status: "approved" } }),
    rubricItems: db.rubricItem.count({ where: { rubricVersion: ofRubric } }),
    itemResults: db.itemResult.count({ where: project }),
    knownHacks: db.knownHack.count({ where: project }),
    decidedHacks: db.knownHack.count({ where: { ...project, status: { not: "proposed" } } }),
    edgeCases: db.edgeCase.count({ where: project }),
    decidedEdgeCases: db.edgeCase.count({ where: { ...project, status: "decided" } }),
    humanLabels: db.humanLabel.count({ where: project }),
    jobs: db.job.count({ where: project }),
    auditEvents: db.auditEvent.count({ where: project }),
    otelRecords: db.otelRecord.count({ where: project }),
  };
  const values = await Promise.all(Object.values(counts));
  return Object.fromEntries(Object.keys(counts).map((name, index) => [name, values[index] ?? 0]));
}

/** The tables whose count changed, as "traces 3 -> 4". */
export function changedCounts(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after)
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name]} -> ${after[name]}`);
}
