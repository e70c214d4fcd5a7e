import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { AppError, notFound } from "../errors/app-error";
import { parseUnifiedDiff } from "../replay/parse-unified-diff";
import { scoreCodeReplay, type TestResults } from "./code-replay-score";
import type { CodeReplaySource } from "./code-replay-source";

export const codeReplayKind = "code-replay";

/**
 * Stores a code replay task: the commit message is the prompt, the diff the reference answer, and the
 * tree before it (repository and base commit, when known) is in metadata. Keyed by the commit id or,
 * for a plain diff, by the diff's hash, so adding the same one again returns the stored task.
 */
export async function saveCodeReplayTask(
  db: Db,
  {
    projectId,
    environment,
    source,
    repository,
    baseCommit,
  }: { projectId: string; environment: string; source: CodeReplaySource; repository?: string; baseCommit?: string | null },
) {
  const externalId = source.commit ? `commit:${source.commit}` : `diff:${createHash("sha256").update(source.diff).digest("hex").slice(0, 40)}`;
  const existing = await db.task.findUnique({ where: { projectId_externalId: { projectId, externalId } } });
  if (existing) return { task: existing, isNew: false };
  const hunks = source.files.reduce((sum, file) => sum + file.hunks.length, 0);
  const data = {
    projectId,
    externalId,
    environment,
    origin: source.origin,
    prompt: source.message,
    referenceAnswer: source.diff,
    metadata: {
      kind: codeReplayKind,
      repository: repository ?? null,
      commit: source.commit,
      baseCommit: baseCommit ?? (source.commit ? `${source.commit}^` : null),
      files: source.files.map((f) => f.path),
      hunks,
    },
  };
  try {
    return { task: await retryOnBusy(() => db.task.create({ data })), isNew: true };
  } catch (error) {
    // The same commit was added at the same moment by another request: that row stands.
    if ((error as { code?: string }).code === "P2002")
      return { task: await db.task.findUniqueOrThrow({ where: { projectId_externalId: { projectId, externalId } } }), isNew: false };
    throw error;
  }
}

/** Scores a rollout's patch (unified diff text; no file header at all is an empty patch) against a code replay task's reference. */
export async function scoreCodeReplayRollout(
  db: Db,
  { projectId, taskId, patch, tests }: { projectId: string; taskId: string; patch: string; tests?: TestResults },
) {
  const task = await db.task.findFirst({ where: { id: taskId, projectId }, select: { externalId: true, referenceAnswer: true, metadata: true } });
  if (!task) throw notFound("Task");
  const kind = (task.metadata as { kind?: unknown } | null)?.kind;
  if (kind !== codeReplayKind || !task.referenceAnswer)
    throw new AppError("conflict", `Task ${task.externalId} is not a code replay task: it has no reference diff to score a patch against`);
  return scoreCodeReplay(parseUnifiedDiff(task.referenceAnswer), parseUnifiedDiff(patch), tests);
}
