import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/**
 * The guard of every rubric-version mutation: approved versions are immutable (the reward API and
 * training runs rely on an id meaning one checklist forever); a change needs a new draft.
 */
export async function assertDraft(db: Db | Tx, { projectId, rubricVersionId }: { projectId: string; rubricVersionId: string }) {
  const version = await db.rubricVersion.findFirst({ where: { id: rubricVersionId, rubric: { projectId } }, include: { rubric: true } });
  if (!version) throw notFound("Rubric version");
  if (version.status !== "draft") throw new AppError("conflict", `Rubric version v${version.version} is approved and cannot change; start a new draft`);
  return version;
}
