import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { forgetLatestApprovedVersions } from "../reward/resolve-reward-version";
import { assertDraft } from "./assert-draft";
import { loadRubricVersion } from "./load-rubric-version";

/** Approves a draft: from now on it is immutable and its id is what the reward API and runs use. */
export async function approveRubricVersion(db: Db, { projectId, rubricVersionId, actor, note }: { projectId: string; rubricVersionId: string; actor: Actor; note?: string }) {
  const approved = await db.$transaction(async (tx) => {
    const draft = await assertDraft(tx, { projectId, rubricVersionId });
    const rubric = await loadRubricVersion(tx, { projectId, rubricVersionId });
    // The version's state, not the request, is what is wrong: a conflict, naming the version.
    if (rubric.items.length === 0) throw new AppError("conflict", "An empty rubric cannot be approved; add an item first", [{ rubricVersionId, path: "items" }]);
    // Compare-and-swap on the status, so two reviewers approving at once approve it once.
    const { count } = await tx.rubricVersion.updateMany({
      where: { id: rubricVersionId, status: "draft" },
      data: { status: "approved", approvedById: actor.userId ?? null, approvedAt: new Date(), note: note ?? draft.note },
    });
    if (count === 0) throw new AppError("conflict", "This version was approved meanwhile");
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: "rubric_version.approved",
      subjectType: "rubric_version",
      subjectId: rubricVersionId,
      details: { environment: draft.rubric.environment, version: draft.version, items: rubric.items.length },
    });
    return tx.rubricVersion.findUniqueOrThrow({ where: { id: rubricVersionId } });
  });
  forgetLatestApprovedVersions();
  return approved;
}
