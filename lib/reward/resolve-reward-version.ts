import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { expiringLookups } from "../expiring-lookups";
import { readStoredRubric, storedRubricItemColumns } from "../checks/read-stored-rubric";
import type { Rubric } from "../checks/rubric-item-schema";

export type RewardVersion = { id: string; projectId: string; environment: string; rubric: Rubric; itemIds: Map<string, string> };

// Approved versions never change (lib/rubrics/assert-draft.ts), so a loaded one is kept for the process.
const approvedVersions = new Map<string, RewardVersion>();
// Which version is an environment's latest: looked up at most once a second per environment (an
// approval in this process forgets it at once), so single-rollout requests skip the query.
const latestTtlMs = 1_000;
const latestApproved = expiringLookups<string>("goodhart.latestApprovedVersions", latestTtlMs);

export function forgetLatestApprovedVersions(): void {
  latestApproved.forget();
}

/**
 * The rubric version a reward request is scored with: the pinned `rubricVersionId` (an approved
 * version of this project), or else the latest approved version of `environment`'s rubric.
 */
export async function resolveRewardVersion(
  db: Db,
  { projectId, rubricVersionId, environment }: { projectId: string; rubricVersionId?: string; environment?: string },
): Promise<RewardVersion> {
  const id = rubricVersionId ?? (await findLatestApprovedId(db, { projectId, environment: environment! }));
  const cached = approvedVersions.get(id);
  // Another project's version answers as an unknown one: ids of other projects are not confirmed.
  if (cached && cached.projectId !== projectId) throw notFound("Rubric version");
  return cached ?? (await loadApproved(db, { projectId, id }));
}

async function findLatestApprovedId(db: Db, { projectId, environment }: { projectId: string; environment: string }) {
  return latestApproved.get(`${projectId}\n${environment}`, () => findLatestApprovedIdNow(db, { projectId, environment }));
}

async function findLatestApprovedIdNow(db: Db, { projectId, environment }: { projectId: string; environment: string }) {
  const latest = await db.rubricVersion.findFirst({
    where: { status: "approved", rubric: { projectId, environment } },
    orderBy: { version: "desc" },
    select: { id: true },
  });
  if (!latest) throw new AppError("not_found", `Environment "${environment}" has no approved rubric version`);
  return latest.id;
}

async function loadApproved(db: Db, { projectId, id }: { projectId: string; id: string }): Promise<RewardVersion> {
  const row = await db.rubricVersion.findFirst({
    where: { id, rubric: { projectId } },
    select: {
      status: true,
      version: true,
      rubric: { select: { projectId: true, environment: true, hackMode: true } },
      items: { orderBy: { position: "asc" }, select: { id: true, ...storedRubricItemColumns } },
    },
  });
  if (!row) throw notFound("Rubric version");
  if (row.status !== "approved") throw new AppError("conflict", `Rubric version v${row.version} is a draft; the reward API serves approved versions only`);
  const version: RewardVersion = {
    id,
    projectId: row.rubric.projectId,
    environment: row.rubric.environment,
    rubric: readStoredRubric({ hackMode: row.rubric.hackMode, items: row.items }),
    itemIds: new Map(row.items.map((item) => [item.key, item.id])),
  };
  approvedVersions.set(id, version);
  return version;
}
