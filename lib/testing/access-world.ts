import { randomUUID } from "node:crypto";
import { createApiKey } from "../api-keys/create-api-key";
import type { Db } from "../db/client";
import { createKnownHack } from "../hacks/create-known-hack";
import { importTracesJob } from "../ingest/import-traces-job";
import { judgesRunJob } from "../judges/judges-run-job";
import { readCodeReplaySource } from "../tasks/code-replay-source";
import { saveCodeReplayTask } from "../tasks/code-replay-task";
import { makeProject, makeUser, uniqueName } from "./factories";

export const codePatch = "diff --git a/src/refund.ts b/src/refund.ts\n--- a/src/refund.ts\n+++ b/src/refund.ts\n@@ -1 +1 @@\n-export const limit = 1;\n+export const limit = 2;\n";

/**
 * A project with one of everything a route or action can name, each object made for one caller to
 * act on (so one test's write does not spoil another's), and every text holding `marker`: an answer
 * to another project that contains the marker, or any of `ids`, has leaked this project's data.
 */
/** `isInstanceAdmin`: the project's admin also holds the instance admin right (accounts, lib/accounts). */
export async function seedAccessWorld(db: Db, prefix: string, { isInstanceAdmin = false }: { isInstanceAdmin?: boolean } = {}) {
  const marker = `MARK${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const project = await makeProject(db, prefix);
  const projectId = project.id;
  const [viewer, reviewer, admin] = await Promise.all([makeUser(db, { projectId, role: "viewer" }), makeUser(db, { projectId, role: "reviewer" }), makeUser(db, { projectId, role: "admin" })]);
  const [member, disabled] = await Promise.all([makeUser(db, { projectId, role: "viewer" }), makeUser(db, { projectId, role: "viewer" })]);
  if (isInstanceAdmin) await db.user.update({ where: { id: admin.id }, data: { isInstanceAdmin: true } });
  const actor = { userId: admin.id, label: admin.email };
  const environment = uniqueName("env");
  const [viewerKey, adminKey] = await Promise.all([
    createApiKey(db, { projectId, name: `viewer-${marker}`, actor: { userId: viewer.id, label: viewer.email } }),
    createApiKey(db, { projectId, name: `admin-${marker}`, actor }),
  ]);
  const [spareKey, revokedKey] = await Promise.all([createApiKey(db, { projectId, name: `spare-${marker}`, actor }), createApiKey(db, { projectId, name: `revoked-${marker}`, actor })]);
  await db.apiKey.update({ where: { id: revokedKey.id }, data: { revokedAt: new Date() } });
  // Signed in while a member; since removed from the project, and a member of no other.
  const former = await makeUser(db, { projectId, role: "admin" });
  await db.member.deleteMany({ where: { projectId, userId: former.id } });

  const trace = await db.trace.create({
    data: {
      projectId, externalId: `tau2:${uniqueName("sim")}`, contentHash: marker, source: "production", environment, input: `Refund order 7 ${marker}`, output: `Your refund has been issued ${marker}`, reward: 0.9,
      steps: { create: [
        { index: 0, type: "message", role: "user", content: `Refund order 7 ${marker}` },
        { index: 1, type: "tool_call", role: "assistant", toolName: "lookup_order", arguments: { order: 7 }, result: { status: `shipped ${marker}` } },
        { index: 2, type: "message", role: "assistant", content: `Your refund has been issued ${marker}` },
      ] },
    },
  });
  const edgeCase = (status: "open" | "decided") =>
    db.edgeCase.create({
      data: {
        projectId, kind: "judge_disagreement", environment, groupKey: uniqueName("group"), priority: 5, subjectType: "trace", subjectId: trace.id, title: `Panel split ${marker}`, explanation: `Two judges fail it ${marker}`,
        status, ...(status === "decided" ? { decision: "needs_discussion", decidedById: reviewer.id, decidedAt: new Date() } : {}),
        examples: { create: [{ traceId: trace.id }] },
      },
    });
  const [noteCase, assignCase, decideCase, apiDecideCase, undoCase, apiUndoCase] = await Promise.all([
    edgeCase("open"), edgeCase("open"), edgeCase("open"), edgeCase("open"), edgeCase("decided"), edgeCase("decided"),
  ]);

  const hack = async () => {
    const { hack: made } = await createKnownHack(db, {
      projectId, environment, name: uniqueName(`hack-${marker}`), description: `Claims the refund ${marker}`, actor,
      proposedItem: { key: uniqueName("claims"), question: `Claims a refund ${marker}?`, polarity: "hack", check: { kind: "regex", pattern: "refund has been issued" } },
    });
    return made.id;
  };
  const [approveHackId, rejectHackId, apiHackId, checkHackId] = [await hack(), await hack(), await hack(), await hack()];

  // One rubric per object a caller acts on: each has its own draft, and the first also an approved version.
  const rubric = async (name: string, { approved = false } = {}) => {
    const made = await db.rubric.create({ data: { projectId, environment: `${environment}-${name}`, name: `${name}-${marker}` } });
    const item = (key: string, position: number) => ({ key, question: `Does it help ${marker}?`, polarity: "good", weight: 1, checkKind: "regex", check: { kind: "regex", pattern: "refund" }, position });
    const approvedVersion = approved
      ? await db.rubricVersion.create({ data: { rubricId: made.id, version: 1, status: "approved", approvedAt: new Date(), items: { create: [item("helps", 0)] } }, include: { items: true } })
      : null;
    const draft = await db.rubricVersion.create({ data: { rubricId: made.id, version: 2, status: "draft", items: { create: [item("helps", 0), item("polite", 1)] } }, include: { items: true } });
    return { environment: made.environment, approvedId: approvedVersion?.id ?? "", draftId: draft.id, itemIds: draft.items.map((i) => i.id) };
  };
  const main = await rubric("main", { approved: true });
  const [edit, remove, order, mode, approve, apiApprove] = await Promise.all([rubric("edit"), rubric("remove"), rubric("order"), rubric("mode"), rubric("approve"), rubric("api-approve")]);
  const candidate = () =>
    db.rubricCandidate.create({ data: { projectId, environment: edit.environment, clusterKey: uniqueName("cluster"), question: `Does it verify ${marker}?`, count: 3, issues: [marker], rationales: [marker], exampleTraceIds: [trace.id] } });
  const [acceptCandidate, dropCandidate] = await Promise.all([candidate(), candidate()]);

  const run = await db.trainingRun.create({ data: { projectId, name: uniqueName(`run-${marker}`), trainer: "external", environment, config: { note: marker } } });
  await db.metricPoint.create({ data: { runId: run.id, step: 1, name: "reward/proxy", value: 0.5 } });
  await db.trace.update({ where: { id: trace.id }, data: { runId: run.id, step: 1 } });

  const job = (type: string, status: string) => db.job.create({ data: { projectId, type, status, payload: { note: marker }, progressMessage: marker, error: status === "failed" ? `failed ${marker}` : null } });
  const [queuedJob, failedJob, judgeRunJob, importJob] = await Promise.all([
    job("test.record", "queued"), job("test.record", "failed"), job(judgesRunJob.name, "done"), job(importTracesJob.name, "done"),
  ]);

  const redteamJob = await job("redteam", "succeeded");
  const task = await db.task.create({ data: { projectId, externalId: uniqueName("task"), environment, origin: "mined", prompt: `Where is order 7 ${marker}`, originTraceId: trace.id, passRate: 0.5 } });
  const { task: codeTask } = await saveCodeReplayTask(db, { projectId, environment, source: readCodeReplaySource(codePatch, { message: `Raise the limit ${marker}` }) });
  const judge = await db.judge.create({ data: { projectId, name: uniqueName(`judge-${marker}`), kind: "rule", versions: { create: { version: 1, config: { kind: "rule", rubricVersionId: main.approvedId } } } } });
  await db.document.create({ data: { projectId, externalId: uniqueName("doc"), title: `Refund policy ${marker}`, content: `Refunds within 30 days ${marker}` } });

  const ids = {
    traceId: trace.id, noteCaseId: noteCase.id, assignCaseId: assignCase.id, decideCaseId: decideCase.id, apiDecideCaseId: apiDecideCase.id, undoCaseId: undoCase.id, apiUndoCaseId: apiUndoCase.id,
    approveHackId, rejectHackId, apiHackId, checkHackId,
    approvedVersionId: main.approvedId, draftVersionId: main.draftId, editVersionId: edit.draftId, editItemId: edit.itemIds[0]!, removeVersionId: remove.draftId, removeItemId: remove.itemIds[1]!,
    orderVersionId: order.draftId, orderItemIds: [...order.itemIds].reverse().join(","), modeVersionId: mode.draftId, approveVersionId: approve.draftId, apiApproveVersionId: apiApprove.draftId,
    acceptCandidateId: acceptCandidate.id, dropCandidateId: dropCandidate.id,
    redteamJobId: redteamJob.id,
    runId: run.id, queuedJobId: queuedJob.id, failedJobId: failedJob.id, judgeRunJobId: judgeRunJob.id, importJobId: importJob.id,
    projectSlug: project.slug, environment, simulationId: trace.externalId.slice("tau2:".length), taskId: task.id, codeTaskId: codeTask.id, judgeId: judge.id, spareKeyId: spareKey.id, memberId: member.id, disableUserId: disabled.id, reviewerId: reviewer.id,
  };
  return { project, marker, environment, ids, users: { viewer, reviewer, admin, former }, userIds: [viewer.id, reviewer.id, admin.id, member.id, disabled.id, former.id], keys: { viewer: viewerKey.key, admin: adminKey.key, revoked: revokedKey.key } };
}

export type AccessWorld = Awaited<ReturnType<typeof seedAccessWorld>>;
export type WorldIds = AccessWorld["ids"];

/** The same shape with every id replaced by one no project has: what an unknown id answers. */
export function unknownIds(ids: WorldIds): WorldIds {
  return Object.fromEntries(Object.entries(ids).map(([name, value]) => [name, value.split(",").map(() => `unknown-${randomUUID().slice(0, 12)}`).join(",")])) as WorldIds;
}

/** Every row a caller could change in a project, as one string: equal before and after means nothing was written. */
export async function snapshotProject(db: Db, projectId: string) {
  const where = { projectId };
  const orderBy = { id: "asc" as const };
  const rows = await Promise.all([
    db.project.findUnique({ where: { id: projectId } }),
    db.member.findMany({ where, orderBy, include: { user: true } }),
    db.apiKey.findMany({ where, orderBy }),
    db.trace.findMany({ where, orderBy, include: { steps: { orderBy: { index: "asc" } } } }),
    db.edgeCase.findMany({ where, orderBy, include: { examples: true } }),
    db.knownHack.findMany({ where, orderBy }),
    db.rubric.findMany({ where, orderBy, include: { versions: { orderBy: { version: "asc" }, include: { items: { orderBy: { position: "asc" } } } } } }),
    db.rubricCandidate.findMany({ where, orderBy }),
    db.trainingRun.findMany({ where, orderBy, include: { metrics: { orderBy: [{ name: "asc" }, { step: "asc" }] }, events: { orderBy: { id: "asc" } } } }),
    db.job.findMany({ where, orderBy }),
    db.task.findMany({ where, orderBy }),
    db.judge.findMany({ where, orderBy, include: { versions: true } }),
    db.document.findMany({ where, orderBy }),
    db.verdict.count({ where }),
    db.humanLabel.count({ where }),
    db.auditEvent.count({ where }),
  ]);
  return JSON.stringify(rows);
}
