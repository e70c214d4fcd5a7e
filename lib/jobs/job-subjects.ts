import type { Db } from "../db/client";
import { pipelineEventJob, type PipelineEvent } from "./pipeline-event";

type JobView = { type: string; payload: unknown };
type SubjectFields = { runId?: string; knownHackId?: string; documentId?: string; rubricVersionId?: string; fileName?: string; step?: number; event?: string };

// What a pipeline event's subjectId names (lib/jobs/pipeline-event.ts); a judge run's is its own job.
const eventSubject: Record<PipelineEvent["event"], keyof SubjectFields | null> = {
  "known_hack.confirmed": "knownHackId",
  "judge_run.finished": null,
  "rollouts.stored": "runId",
  "metrics.stored": "runId",
};

/**
 * What each job is about, in a few words for the Jobs table and the API: the run, known hack,
 * document, rubric version or file its payload names (one query per kind, within the project); null
 * when it names none of these. Two `runs.divergence` rows then say which run each is for. A payload's
 * environment is not echoed: it is whatever a request named, which need not exist in this project.
 */
export async function describeJobSubjects(db: Db, projectId: string, jobs: readonly JobView[]): Promise<Array<string | null>> {
  const fields = jobs.map(subjectFields);
  const ids = (key: "runId" | "knownHackId" | "documentId" | "rubricVersionId") => [...new Set(fields.flatMap((f) => (f[key] ? [f[key]] : [])))];
  // The Jobs page polls this list: a kind no job names costs no query.
  const lookUp = <T>(list: string[], find: (list: string[]) => Promise<T[]>) => (list.length ? find(list) : Promise.resolve([] as T[]));
  const [runs, hacks, documents, versions] = await Promise.all([
    lookUp(ids("runId"), (list) => db.trainingRun.findMany({ where: { projectId, id: { in: list } }, select: { id: true, name: true } })),
    lookUp(ids("knownHackId"), (list) => db.knownHack.findMany({ where: { projectId, id: { in: list } }, select: { id: true, name: true } })),
    lookUp(ids("documentId"), (list) => db.document.findMany({ where: { projectId, id: { in: list } }, select: { id: true, title: true } })),
    lookUp(ids("rubricVersionId"), (list) => db.rubricVersion.findMany({ where: { rubric: { projectId }, id: { in: list } }, select: { id: true, version: true, rubric: { select: { environment: true } } } })),
  ]);
  const runName = new Map(runs.map((run) => [run.id, run.name]));
  const hackName = new Map(hacks.map((hack) => [hack.id, hack.name]));
  const documentTitle = new Map(documents.map((document) => [document.id, document.title]));
  const versionName = new Map(versions.map((version) => [version.id, `${version.rubric.environment} v${version.version}`]));
  return fields.map((f) => {
    const named =
      (f.runId && `run ${runName.get(f.runId) ?? "(deleted)"}${f.step !== undefined ? `, step ${f.step}` : ""}`) ||
      (f.knownHackId && `hack ${hackName.get(f.knownHackId) ?? "(deleted)"}`) ||
      (f.documentId && `document ${documentTitle.get(f.documentId) ?? "(deleted)"}`) ||
      (f.rubricVersionId && `rubric ${versionName.get(f.rubricVersionId) ?? "(deleted)"}`) ||
      (f.fileName && `file ${f.fileName}`) ||
      null;
    return f.event ? `${f.event}${named ? `: ${named}` : ""}` : named;
  });
}

function subjectFields({ type, payload }: JobView): SubjectFields {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return {};
  const record = payload as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === "string" && record[key] ? (record[key] as string) : undefined);
  const fields: SubjectFields = {
    runId: text("runId"),
    knownHackId: text("knownHackId"),
    documentId: text("documentId"),
    rubricVersionId: text("rubricVersionId"),
    fileName: text("fileName"),
    step: typeof record.step === "number" ? record.step : undefined,
  };
  const event = text("event");
  if (type === pipelineEventJob.name && event) {
    fields.event = event;
    const key = eventSubject[event as PipelineEvent["event"]];
    const subjectId = text("subjectId");
    if (key && subjectId) (fields as Record<string, unknown>)[key] = subjectId;
  }
  return fields;
}
