import { codePatch, type WorldIds } from "./access-world";
import { uniqueName } from "./factories";

// The access matrix's table (app/api/_tests/access-matrix.int.test.ts): how to call each route method and
// server action with a world's ids, and what docs/security.md's roles say about them.
export type Call = { params?: Record<string, string>; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown; raw?: string };
// `compare: false`: a success answer holds what the call made (new ids), so only errors are compared.
// `mixed`: why ids of two projects in one call are not probed.
export type RouteFixture = { call: (ids: WorldIds) => Call; compare?: false; mixed?: string };
export type Caller = { password: string };
export type ActionFixture = { form: (ids: WorldIds, caller: Caller) => Record<string, string>; compare?: false; mixed?: string };

/** Every project and user a fixture makes has a name starting with this, for the test to clean up. */
export const tag = uniqueName("matrix");
const rule = JSON.stringify({ kind: "regex", pattern: "refund" });
const trace = (externalId: string) => ({ externalId, environment: "matrix", input: "hi", steps: [{ role: "assistant", content: "hello" }] });

/** Routes anyone may call, with why. */
export const openRoutes: Record<string, string> = {
  "GET health": "liveness for load balancers; holds no project data",
  "GET v1/schema/trace": "the public JSON Schema of a trace; holds no project data",
  "GET v1/openapi.json": "the public OpenAPI document of /api/v1; holds no project data",
  "GET v1/[...path]": "a path under /api/v1 that is no route: the JSON 404 naming it; holds no project data",
  "POST v1/[...path]": "a path under /api/v1 that is no route: the JSON 404 naming it; holds no project data",
  "PUT v1/[...path]": "a path under /api/v1 that is no route: the JSON 404 naming it; holds no project data",
  "PATCH v1/[...path]": "a path under /api/v1 that is no route: the JSON 404 naming it; holds no project data",
  "DELETE v1/[...path]": "a path under /api/v1 that is no route: the JSON 404 naming it; holds no project data",
  "OPTIONS v1/[...path]": "a path under /api/v1 that is no route: the JSON 404 naming it; holds no project data",
  "GET auth/[...nextauth]": "next-auth's own endpoints (csrf, session), guarded by next-auth",
  "POST auth/[...nextauth]": "next-auth's sign-in and sign-out, guarded by its CSRF token",
};

export const routeFixtures: Record<string, RouteFixture> = {
  "POST documents": { call: () => ({ body: { name: `${tag}.md`, text: "Refunds are issued within 30 days." } }) },
  "POST edge-cases/[id]/note": { call: (ids) => ({ params: { id: ids.noteCaseId }, body: { note: "seen" } }) },
  "POST edge-cases/[id]/undo": { call: (ids) => ({ params: { id: ids.undoCaseId } }) },
  "POST edge-cases/assign": { call: (ids) => ({ body: { ids: [ids.assignCaseId], assigneeId: ids.reviewerId } }) },
  "POST edge-cases/decisions": { call: (ids) => ({ body: { ids: [ids.decideCaseId], decision: "false_alarm" } }) },
  "GET edge-cases": { call: (ids) => ({ query: { status: "all", run: ids.runId } }) },
  "POST jobs/[id]/cancel": { call: (ids) => ({ params: { id: ids.queuedJobId } }) },
  "POST jobs/[id]/retry": { call: (ids) => ({ params: { id: ids.failedJobId } }) },
  "GET jobs": { call: () => ({}) },
  "POST judges/import": { call: (ids) => ({ body: { entries: [{ simulation_id: ids.simulationId, judge_verdict: "pass", judge_model: "matrix-judge" }] } }) },
  "GET judges/runs/[jobId]": { call: (ids) => ({ params: { jobId: ids.judgeRunJobId } }) },
  "GET rubric-versions/[id]/export": { call: (ids) => ({ params: { id: ids.approvedVersionId } }) },
  "GET runs/[id]/rollouts": { call: (ids) => ({ params: { id: ids.runId } }) },
  "GET runs/chart": { call: (ids) => ({ query: { runs: ids.runId } }) },
  "POST runs/import": { call: () => ({ query: { run: tag, file: "history.csv" }, raw: "_step,reward/proxy\n1,0.5\n2,0.6\n" }) },
  "GET runs": { call: () => ({}) },
  "GET distillation": { call: (ids) => ({ query: { environment: ids.environment } }) },
  "GET tasks/export": { call: () => ({ query: { band: "0,1" } }) },
  "POST tasks/grounding": { call: (ids) => ({ body: { policy: { kind: "registered", name: "matrix-policy" }, judgeIds: [ids.judgeId], taskIds: [ids.taskId] } }) },
  "POST tasks/mine-traces": { call: (ids) => ({ body: { environment: ids.environment } }), compare: false },
  "GET traces/[id]/steps": { call: (ids) => ({ params: { id: ids.traceId } }) },
  "GET traces/import/[jobId]": { call: (ids) => ({ params: { jobId: ids.importJobId } }) },
  "POST traces/import": { call: () => ({ query: { name: "traces.jsonl" }, raw: `${JSON.stringify(trace(uniqueName("upload")))}\n` }) },
  "GET v1/distillation": { call: (ids) => ({ query: { environment: ids.environment } }) },
  "POST v1/documents": { call: () => ({ body: { name: `${tag}-api.md`, text: "Refunds are issued within 30 days." } }) },
  "POST v1/edge-cases/[id]/decision": { call: (ids) => ({ params: { id: ids.apiDecideCaseId }, body: { decision: "judge_wrong" } }) },
  "POST v1/edge-cases/[id]/undo": { call: (ids) => ({ params: { id: ids.apiUndoCaseId } }) },
  "GET v1/edge-cases/export": { call: () => ({}) },
  "GET v1/edge-cases": { call: (ids) => ({ query: { status: "all", run: ids.runId } }) },
  "POST v1/hacks/[id]/decision": { call: (ids) => ({ params: { id: ids.apiHackId }, body: { decision: "reject", note: "not a hack" } }) },
  "POST v1/hacks/[id]/check": { call: (ids) => ({ params: { id: ids.checkHackId }, body: { check: JSON.parse(rule) } }) },
  "GET v1/hacks": { call: () => ({}) },
  "GET v1/jobs": { call: () => ({}) },
  "GET v1/jobs/[id]": { call: (ids) => ({ params: { id: ids.judgeRunJobId } }) },
  "GET v1/traces/[id]": { call: (ids) => ({ params: { id: ids.traceId } }) },
  "GET v1/me": { call: () => ({}) },
  "POST v1/otel/v1/metrics": { call: () => ({ body: { resourceMetrics: [] } }) },
  "POST v1/otel/v1/logs": { call: () => ({ body: { resourceLogs: [] } }) },
  "POST v1/otel/v1/traces": { call: () => ({ body: { resourceSpans: [] } }) },
  "POST v1/replay/[id]/score": { call: (ids) => ({ params: { id: ids.codeTaskId }, body: { patch: codePatch } }) },
  "POST v1/replay/[id]/tool-call": { call: (ids) => ({ params: { id: ids.taskId }, body: { name: "lookup_order", arguments: { order: 7 } } }) },
  "POST v1/replay/code-tasks": { call: () => ({ body: { patch: codePatch, message: "Raise the limit", environment: "matrix" } }) },
  "POST v1/reward": { call: (ids) => ({ body: { rubricVersionId: ids.approvedVersionId, run: ids.runId, step: 3, rollouts: [{ prompt: "Refund order 7", completion: "Your refund has been issued." }] } }), compare: false },
  "POST v1/reward/openrlhf": { call: (ids) => ({ query: { rubricVersionId: ids.approvedVersionId }, headers: { "x-goodhart-run": ids.runId, "x-goodhart-step": "4" }, body: { query: ["Refund order 7 Your refund has been issued."], prompts: ["Refund order 7"], labels: [""] } }) },
  "POST v1/rubric-versions/[id]/approve": { call: (ids) => ({ params: { id: ids.apiApproveVersionId }, body: {} }) },
  "GET v1/rubric-versions/[id]": { call: (ids) => ({ params: { id: ids.approvedVersionId } }) },
  "GET v1/rubric-versions": { call: () => ({}) },
  "POST v1/rubric-versions": {
    call: (ids) => ({
      body: { format: "goodhart.rubric-version/1", id: ids.approvedVersionId, environment: uniqueName("matrix"), items: [{ key: "cites", question: "Cites the policy?", polarity: "hack", weight: 1, check: { kind: "regex", pattern: "policy" }, knownHackId: ids.apiHackId }] },
    }),
    compare: false,
  },
  "POST v1/runs": { call: (ids) => ({ body: { name: uniqueName(tag), rubricVersionId: ids.approvedVersionId } }), compare: false },
  // By a name no run has: other calls here make runs in the caller's project named after ids they send (a run is made when new).
  "GET v1/runs": { call: () => ({ query: { name: tag } }) },
  "GET v1/runs/[id]": { call: (ids) => ({ params: { id: ids.runId } }) },
  "GET v1/runs/[id]/metrics": { call: (ids) => ({ params: { id: ids.runId }, query: { name: "reward/proxy" } }) },
  // A rubric_changed event names a version: B's run with A's version must be answered as with an unknown one, naming neither.
  "POST v1/runs/[id]/events": {
    call: (ids) => ({ params: { id: ids.runId }, body: { events: [{ kind: "note", step: 1, message: "checkpoint saved" }, { kind: "rubric_changed", step: 2, data: { rubricVersionId: ids.approvedVersionId } }] } }),
  },
  "POST v1/runs/[id]/metrics": { call: (ids) => ({ params: { id: ids.runId }, body: { points: [{ step: 2, name: "reward/proxy", value: 0.6 }] } }) },
  "POST v1/redteam": { call: (ids) => ({ body: { rubricVersionId: ids.approvedVersionId, rollouts: 2 } }), compare: false },
  "GET v1/redteam/[id]": { call: (ids) => ({ params: { id: ids.redteamJobId } }) },
  "GET v1/tasks/export": { call: () => ({ query: { band: "0,1" } }) },
  "POST v1/tasks/grounding": { call: (ids) => ({ body: { policy: { kind: "registered", name: "matrix-policy" }, judgeIds: [ids.judgeId], taskIds: [ids.taskId] } }) },
  "POST v1/traces": { call: () => ({ body: { traces: [trace(uniqueName("api"))] } }) },
};

/** Server actions anyone may call, with why. */
export const openActions: Record<string, string> = {
  login: "the sign-in form: next-auth checks the credentials",
  logout: "ends the caller's own session",
};

export const actionFixtures: Record<string, ActionFixture> = {
  changePasswordAction: { form: (_ids, caller) => ({ currentPassword: caller.password, newPassword: `${caller.password} changed` }) },
  endAllSessionsAction: { form: () => ({}) },
  switchProjectAction: { form: (ids) => ({ slug: ids.projectSlug }) },
  createProjectAction: { form: () => ({ slug: uniqueName(tag), name: "Matrix" }) },
  createKnownHackAction: {
    form: (ids) => ({ name: uniqueName("hack"), environment: ids.environment, description: "Claims without the tool", key: "claims", question: "Claims it?", check: JSON.stringify({ kind: "regex", pattern: "issued" }) }),
    compare: false,
  },
  approveKnownHackAction: { form: (ids) => ({ knownHackId: ids.approveHackId }) },
  rejectKnownHackAction: { form: (ids) => ({ knownHackId: ids.rejectHackId, note: "not a hack" }) },
  measureHackCheckAction: { form: (ids) => ({ knownHackId: ids.checkHackId, check: rule }) },
  saveHackCheckAction: { form: (ids) => ({ knownHackId: ids.checkHackId, check: rule }) },
  previewHackApprovalAction: { form: (ids) => ({ knownHackId: ids.checkHackId }) },
  startJudgeRunAction: { form: (ids) => ({ judgeIds: ids.judgeId, scope: "run", runId: ids.runId }) },
  saveJudgeAction: { form: (ids) => ({ name: uniqueName("rule-judge"), kind: "rule", rubricVersionId: ids.approvedVersionId }) },
  runLabAction: { form: () => ({ steps: "1", seed: "1" }) },
  saveRubricItemAction: { form: (ids) => ({ rubricVersionId: ids.editVersionId, itemId: ids.editItemId, key: "helps", question: "Does it help?", polarity: "good", weight: "2", check: rule }) },
  deleteRubricItemAction: { form: (ids) => ({ rubricVersionId: ids.removeVersionId, itemId: ids.removeItemId }) },
  reorderRubricItemsAction: { form: (ids) => ({ rubricVersionId: ids.orderVersionId, itemIds: ids.orderItemIds }) },
  setHackModeAction: { form: (ids) => ({ rubricVersionId: ids.modeVersionId, hackMode: "subtract" }) },
  approveRubricVersionAction: { form: (ids) => ({ rubricVersionId: ids.approveVersionId }) },
  startRubricDraftAction: { form: (ids) => ({ environment: ids.environment }), compare: false },
  startDraftFromVersionAction: { form: (ids) => ({ rubricVersionId: ids.approvedVersionId }) },
  startExtractionAction: { form: (ids) => ({ environment: ids.environment }), compare: false },
  startRedteamAction: { form: (ids) => ({ rubricVersionId: ids.approvedVersionId, rollouts: "2" }), compare: false },
  acceptCandidateAction: { form: (ids) => ({ candidateId: ids.acceptCandidateId }) },
  dropCandidateAction: { form: (ids) => ({ candidateId: ids.dropCandidateId, rubricVersionId: ids.editVersionId }), mixed: "rubricVersionId only names the page to refresh" },
  tryOnSampleAction: { form: (ids) => ({ rubricVersionId: ids.draftVersionId }) },
  previewRubricApprovalAction: { form: (ids) => ({ rubricVersionId: ids.draftVersionId }) },
  createApiKeyAction: { form: () => ({ name: "matrix key" }) },
  revokeApiKeyAction: { form: (ids) => ({ apiKeyId: ids.spareKeyId }) },
  setMemberRoleAction: { form: (ids) => ({ userId: ids.memberId, role: "reviewer" }) },
  addMemberAction: { form: () => ({ email: `${uniqueName(tag)}@example.test`, password: "a long enough password", role: "viewer" }) },
  removeMemberAction: { form: (ids) => ({ userId: ids.memberId }) },
  setUserDisabledAction: { form: (ids) => ({ userId: ids.disableUserId, disabled: "true" }) },
  endUserSessionsAction: { form: (ids) => ({ userId: ids.memberId }) },
  setInstanceAdminAction: { form: (ids) => ({ userId: ids.memberId, isInstanceAdmin: "true" }) },
};

/** Session writes a viewer may make (a viewer reads everything and changes only their own account), with why. */
export const viewerWrites: Record<string, string> = {
  changePasswordAction: "the caller's own password",
  endAllSessionsAction: "the caller's own sessions",
  switchProjectAction: "which of the caller's own projects is shown",
};
/** What only an admin may do (docs/security.md, Users, roles and API keys): members, roles, API keys, jobs, the judge panel, projects. */
export const adminOnly = [
  "POST jobs/[id]/cancel", "POST jobs/[id]/retry", "createApiKeyAction", "revokeApiKeyAction", "setMemberRoleAction", "addMemberAction", "removeMemberAction", "setUserDisabledAction", "endUserSessionsAction", "setInstanceAdminAction", "createProjectAction", "saveJudgeAction",
];
