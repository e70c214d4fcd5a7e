import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getJob } from "@/app/api/v1/jobs/[id]/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { findJob } from "@/lib/jobs/find-job";
import { resolveRewardVersion } from "@/lib/reward/resolve-reward-version";
import { approveRubricVersion } from "@/lib/rubrics/approve-rubric-version";
import { tryRubricOnSample } from "@/lib/rubrics/try-rubric-on-sample";
import { recordJob } from "@/lib/testing/test-job-types";
import { deleteProject, makeProject, uniqueName } from "@/lib/testing/factories";
import { storeTraces } from "@/lib/traces/store-traces";
import { traceSchema } from "@/lib/traces/trace-schema";
import { runJudges } from "@/lib/judges/run-judges";
import { createJudge } from "@/lib/judges/save-judge";
import { startJudgeRun } from "@/lib/judges/start-judge-run";
import { startGrounding } from "@/lib/tasks/grounding-start";

// M4 and L6: ids that cross a project boundary. A rule judge of project A named project B's draft
// rubric version and its verdicts showed B's questions; B's job id answered 403 where an unknown one answered 404.
vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const secretQuestion = `Does the reply mention project B's launch codename ${uniqueName("zephyr")}?`;
let a: string;
let b: string;
let foreignDraftId: string;
let foreignApprovedId: string;
let traceId: string;

beforeAll(async () => {
  [a, b] = await Promise.all([makeProject(db, "ids-a"), makeProject(db, "ids-b")]).then((projects) => projects.map((p) => p.id));
  const rubric = await db.rubric.create({ data: { projectId: b, environment: "support", name: "support" } });
  const item = { key: "codename", question: secretQuestion, polarity: "hack", weight: 1, checkKind: "regex", check: { kind: "regex", pattern: "reply" }, position: 0 };
  foreignDraftId = (await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 2, status: "draft", items: { create: [item] } } })).id;
  foreignApprovedId = (await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved", approvedAt: new Date(), items: { create: [item] } } })).id;
  const { storedIds } = await storeTraces(db, { projectId: a, traces: [{ externalId: "t1", trace: traceSchema.parse({ environment: "support", input: "hi", steps: [{ role: "assistant", content: "a reply" }] }) }] });
  traceId = storedIds.get("t1")!;
});
afterAll(() => Promise.all([deleteProject(db, a), deleteProject(db, b)]));

describe("a rubric version id of another project", () => {
  it("is refused when a rule judge is saved, with the message an unknown id gets", async () => {
    const save = (rubricVersionId: string) => createJudge(db, { projectId: a, input: { name: uniqueName("rule"), config: { kind: "rule", rubricVersionId } } });
    const foreign = await save(foreignDraftId).catch((error: Error) => error);
    const unknown = await save("no-such-version").catch((error: Error) => error);
    expect(foreign).toMatchObject({ code: "bad_request", details: [{ path: "rubricVersionId", message: "Rubric version not found" }] });
    expect((foreign as Error).message).toBe("rubricVersionId: no such rubric version in this project");
    expect(unknown).toMatchObject({ code: "bad_request", details: [{ path: "rubricVersionId", message: "Rubric version not found" }] });
  });

  it("stored before the fix, is not found when the judge runs, and the verdict shows none of its questions", async () => {
    const judge = await db.judge.create({ data: { projectId: a, name: uniqueName("old-rule"), kind: "rule", versions: { create: { version: 1, config: { kind: "rule", rubricVersionId: foreignDraftId, threshold: 0.5 } } } }, include: { versions: true } });
    const result = await runJudges(db, { projectId: a, judgeIds: [judge.id], traceIds: [traceId] });
    expect(result).toMatchObject({ verdicts: 1, errors: 1 });
    const verdict = await db.verdict.findFirstOrThrow({ where: { judgeVersionId: judge.versions[0]!.id } });
    expect(verdict).toMatchObject({ label: "error", error: "Rubric version not found", rationale: null, issues: [] });
    expect(JSON.stringify(verdict)).not.toContain("codename");
  });

  it("answers as unknown everywhere else it is used: approval, try on sample, the reward API", async () => {
    const actor = { userId: null, label: "test" };
    await expect(approveRubricVersion(db, { projectId: a, rubricVersionId: foreignDraftId, actor })).rejects.toMatchObject({ code: "not_found", message: "Rubric version not found" });
    await expect(tryRubricOnSample(db, { projectId: a, rubricVersionId: foreignDraftId })).rejects.toMatchObject({ code: "not_found", message: "Rubric version not found" });
    // Loaded first by its own project, so the reward API's cache holds it: still unknown to project A.
    await resolveRewardVersion(db, { projectId: b, rubricVersionId: foreignApprovedId });
    for (const rubricVersionId of [foreignApprovedId, "no-such-version"]) {
      await expect(resolveRewardVersion(db, { projectId: a, rubricVersionId })).rejects.toMatchObject({ code: "not_found", message: "Rubric version not found" });
    }
    expect(await db.rubricVersion.findUniqueOrThrow({ where: { id: foreignDraftId } })).toMatchObject({ status: "draft" });
  });
});

describe("another project's job id", () => {
  it("answers exactly as an unknown id: 404 with the same body", async () => {
    const { job } = await enqueueJob(db, recordJob, { label: "b's job", workMs: 0, failTimes: 0 }, { projectId: b, idempotencyKey: uniqueName("job") });
    await expect(findJob(db, { projectId: a, jobId: job.id })).rejects.toMatchObject({ code: "not_found", message: "Job not found" });
    const { key } = await createApiKey(db, { projectId: a, name: "ids", actor: systemActor });
    const get = async (id: string) => {
      const response = await getJob(new NextRequest(`http://localhost/api/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ id }) });
      return { status: response.status, body: await response.json() };
    };
    const [foreign, unknown] = await Promise.all([get(job.id), get("no-such-job")]);
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(unknown);
  });
});

describe("another project's task or run named when work is queued", () => {
  it("is refused as unknown, with nothing queued: a grounding A/B's task ids, a judge run's run", async () => {
    const judge = await db.judge.create({ data: { projectId: a, name: uniqueName("ground"), kind: "rule", versions: { create: { version: 1, config: { kind: "rule", rubricVersionId: "none" } } } } });
    const [task, run] = await Promise.all([
      db.task.create({ data: { projectId: b, externalId: uniqueName("task"), environment: "support", origin: "mined", prompt: "B's task" } }),
      db.trainingRun.create({ data: { projectId: b, name: uniqueName("run"), trainer: "external" } }),
    ]);
    const jobsBefore = await db.job.count({ where: { projectId: a } });
    const grounding = (taskId: string) => startGrounding(db, { projectId: a, input: { policy: { kind: "registered", name: "any" }, judgeIds: [judge.id], taskIds: [taskId], samples: 1 } });
    await expect(grounding(task.id)).rejects.toMatchObject({ code: "not_found", message: "Task not found", details: [{ path: "taskIds.0", message: "no such task in this project" }] });
    await expect(grounding("no-such-task")).rejects.toMatchObject({ code: "not_found", message: "Task not found" });
    const judgeRun = (runId: string) => startJudgeRun(db, { projectId: a, judgeIds: [judge.id], selection: { by: "run", runId } });
    await expect(judgeRun(run.id)).rejects.toMatchObject({ code: "not_found", message: "Run not found" });
    await expect(judgeRun("no-such-run")).rejects.toMatchObject({ code: "not_found", message: "Run not found" });
    expect(await db.job.count({ where: { projectId: a } })).toBe(jobsBefore);
  });
});
