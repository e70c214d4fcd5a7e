/**
 * Every model a project backup holds, in the order an import writes them (parents before the rows
 * that reference them). backup-models.test.ts compares this list with the Prisma schema, so a new
 * model or a new Json field cannot be left out without a failing test.
 */
export type BackupScope = { projectId: string; userIds: string[] };

export type BackupModel = {
  name: string;
  /** The primary key's fields, in the order Prisma names a compound key (a_b_c). */
  keys: string[];
  /** Json fields: a null in the file is written back as SQL NULL (optional) or JSON null (required). */
  optionalJson: string[];
  requiredJson: string[];
  /** Foreign keys to other project rows (field -> model): an import checks each names a row of the imported project. */
  refs?: Record<string, string>;
  /**
   * For rows with no projectId: the link to the parent that has one (or has a parent). They are read
   * parent chunk by parent chunk through that field's index; a filter through the relation would
   * make the database rescan the project for every page.
   */
  parent?: { field: string; model: string };
  where: (scope: BackupScope) => Record<string, unknown>;
};

/**
 * Links between project rows with no Prisma relation (so no foreign key), which an import checks
 * all the same: ItemResult.rubricItemId (prisma/schema.template.prisma says why it has none).
 */
export const linksWithoutRelation: Record<string, Record<string, string>> = { ItemResult: { rubricItemId: "RubricItem" } };

const inProject = ({ projectId }: BackupScope) => ({ projectId });
const id = ["id"];

export const backupModels: BackupModel[] = [
  { name: "User", keys: id, optionalJson: [], requiredJson: [], where: ({ userIds }) => ({ id: { in: userIds } }) },
  { name: "Project", keys: id, optionalJson: [], requiredJson: [], where: ({ projectId }) => ({ id: projectId }) },
  { name: "Member", keys: id, optionalJson: [], requiredJson: [], where: inProject },
  { name: "ApiKey", keys: id, optionalJson: [], requiredJson: [], where: inProject },
  { name: "Document", keys: id, optionalJson: ["metadata"], requiredJson: [], where: inProject },
  { name: "Rubric", keys: id, optionalJson: [], requiredJson: [], where: inProject },
  {
    name: "RubricVersion",
    parent: { field: "rubricId", model: "Rubric" },
    refs: { rubricId: "Rubric" },
    keys: id,
    optionalJson: [],
    requiredJson: [],
    where: ({ projectId }) => ({ rubric: { projectId } }),
  },
  { name: "KnownHack", keys: id, optionalJson: ["proposedItem"], requiredJson: [], where: inProject },
  {
    name: "RubricItem",
    parent: { field: "rubricVersionId", model: "RubricVersion" },
    refs: { rubricVersionId: "RubricVersion", knownHackId: "KnownHack" },
    keys: id,
    optionalJson: ["provenance"],
    requiredJson: ["check"],
    where: ({ projectId }) => ({ rubricVersion: { rubric: { projectId } } }),
  },
  { name: "TrainingRun", refs: { rubricVersionId: "RubricVersion" }, keys: id, optionalJson: ["config", "summary", "hackRisk"], requiredJson: [], where: inProject },
  {
    name: "MetricPoint",
    parent: { field: "runId", model: "TrainingRun" },
    refs: { runId: "TrainingRun" },
    keys: id,
    optionalJson: [],
    requiredJson: [],
    where: ({ projectId }) => ({ run: { projectId } }),
  },
  {
    name: "MetricBucket",
    parent: { field: "runId", model: "TrainingRun" },
    refs: { runId: "TrainingRun" },
    keys: ["runId", "name", "level", "bucket"],
    optionalJson: [],
    requiredJson: [],
    where: ({ projectId }) => ({ run: { projectId } }),
  },
  {
    name: "RunEvent",
    parent: { field: "runId", model: "TrainingRun" },
    refs: { runId: "TrainingRun" },
    keys: id,
    optionalJson: ["data"],
    requiredJson: [],
    where: ({ projectId }) => ({ run: { projectId } }),
  },
  { name: "Trace", refs: { runId: "TrainingRun" }, keys: id, optionalJson: ["scores", "endState", "metadata"], requiredJson: [], where: inProject },
  {
    name: "TraceStep",
    parent: { field: "traceId", model: "Trace" },
    refs: { traceId: "Trace" },
    keys: ["traceId", "index"],
    optionalJson: ["arguments", "result", "metadata"],
    requiredJson: [],
    where: ({ projectId }) => ({ trace: { projectId } }),
  },
  {
    name: "Task",
    refs: { originTraceId: "Trace", originDocumentId: "Document" },
    keys: id,
    optionalJson: ["context", "plantedState", "originSpan", "metadata"],
    requiredJson: [],
    where: inProject,
  },
  { name: "Judge", keys: id, optionalJson: [], requiredJson: [], where: inProject },
  {
    name: "JudgeVersion",
    parent: { field: "judgeId", model: "Judge" },
    refs: { judgeId: "Judge" },
    keys: id,
    optionalJson: [],
    requiredJson: ["config"],
    where: ({ projectId }) => ({ judge: { projectId } }),
  },
  { name: "Verdict", refs: { traceId: "Trace", judgeVersionId: "JudgeVersion" }, keys: id, optionalJson: ["issues"], requiredJson: [], where: inProject },
  { name: "ItemResult", refs: { rubricItemId: "RubricItem", traceId: "Trace" }, keys: ["traceId", "rubricItemId"], optionalJson: [], requiredJson: [], where: inProject },
  {
    name: "KnownHackExample",
    parent: { field: "knownHackId", model: "KnownHack" },
    refs: { knownHackId: "KnownHack", traceId: "Trace" },
    keys: ["knownHackId", "traceId"],
    optionalJson: [],
    requiredJson: [],
    where: ({ projectId }) => ({ knownHack: { projectId } }),
  },
  { name: "EdgeCase", keys: id, optionalJson: ["evidence"], requiredJson: [], where: inProject },
  {
    name: "EdgeCaseExample",
    parent: { field: "edgeCaseId", model: "EdgeCase" },
    refs: { edgeCaseId: "EdgeCase", traceId: "Trace" },
    keys: ["edgeCaseId", "traceId"],
    optionalJson: ["detail"],
    requiredJson: [],
    where: ({ projectId }) => ({ edgeCase: { projectId } }),
  },
  { name: "HumanLabel", refs: { traceId: "Trace" }, keys: id, optionalJson: [], requiredJson: [], where: inProject },
  { name: "RubricCandidate", keys: id, optionalJson: [], requiredJson: ["issues", "rationales", "exampleTraceIds"], where: inProject },
  { name: "AuditEvent", keys: id, optionalJson: ["details"], requiredJson: [], where: inProject },
  { name: "Job", keys: id, optionalJson: ["result"], requiredJson: ["payload"], where: inProject },
  { name: "OtelRecord", keys: id, optionalJson: [], requiredJson: ["data"], where: inProject },
];

export const backupModelNames = backupModels.map((model) => model.name);

/** Models a backup leaves out on purpose, each with why; backup-models.test.ts accepts no other gap. */
export const modelsLeftOut: Record<string, string> = {
  Upload: "an upload in flight: its bytes go once its import is done, and a restored job is never sent to a worker again",
  UploadChunk: "the bytes of an upload in flight (see Upload)",
};

export function findBackupModel(name: string): BackupModel | undefined {
  return backupModels.find((model) => model.name === name);
}
