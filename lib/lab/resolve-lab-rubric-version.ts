import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { LAB_ENVIRONMENT } from "./lab-rubrics";

/**
 * Which rubric version a lab run trains on. `ref` may be "v2", "2", or a RubricVersion id of the
 * project's lab rubric; drafts are allowed, so a reviewer can train on a draft before approving it.
 * Without a ref: the latest approved version.
 */
export async function resolveLabRubricVersion(db: Db, { projectId, ref }: { projectId: string; ref?: string }) {
  const rubric = await db.rubric.findUnique({ where: { projectId_environment: { projectId, environment: LAB_ENVIRONMENT } }, select: { id: true } });
  if (!rubric) throw new AppError("not_found", `This project has no "${LAB_ENVIRONMENT}" rubric yet`);
  const trimmed = ref?.trim();
  if (!trimmed) {
    const latest = await db.rubricVersion.findFirst({ where: { rubricId: rubric.id, status: "approved" }, orderBy: { version: "desc" } });
    if (!latest) throw new AppError("not_found", `The "${LAB_ENVIRONMENT}" rubric has no approved version; pass --rubric to train on a draft`);
    return latest;
  }
  const number = /^v?(\d+)$/i.exec(trimmed)?.[1];
  const found = number
    ? await db.rubricVersion.findUnique({ where: { rubricId_version: { rubricId: rubric.id, version: Number(number) } } })
    : await db.rubricVersion.findFirst({ where: { id: trimmed, rubricId: rubric.id } });
  if (!found) {
    const known = await db.rubricVersion.findMany({ where: { rubricId: rubric.id }, orderBy: { version: "asc" }, select: { version: true, status: true } });
    const list = known.map((v) => `v${v.version} (${v.status})`).join(", ") || "none";
    throw new AppError("bad_request", `Unknown rubric version "${trimmed}" for the ${LAB_ENVIRONMENT} rubric; it has ${list}`);
  }
  return found;
}
