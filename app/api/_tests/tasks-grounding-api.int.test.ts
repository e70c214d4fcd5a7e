import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postGrounding } from "@/app/api/v1/tasks/grounding/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { runJobNow } from "@/lib/jobs/run-job-now";
import { createJudge } from "@/lib/judges/save-judge";
import { deleteProject, makeProject, makeUser, uniqueName } from "@/lib/testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "@/lib/testing/llm-test-server";
import { loadDifficultyStats } from "@/lib/tasks/difficulty-stats";
import { groundingJob, handleGrounding } from "@/lib/tasks/grounding-job";
import { listTasks } from "@/lib/tasks/list-tasks";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
let project: { id: string };
let key: string;
let memberlessKey: string;
let judgeId: string;
let server: Awaited<ReturnType<typeof startLlmTestServer>>;
let disallow: () => void;
const environment = uniqueName("grounding-env");

beforeAll(async () => {
  // A policy that knows the code only when the context is in its prompt, and names a colour either way.
  server = await startLlmTestServer(({ body }) => {
    const prompt = JSON.stringify(body.messages);
    if (prompt.includes("broken")) return { status: 400, body: { error: { message: "bad request" } } };
    const code = prompt.includes("vault code is 7314") ? "7314" : "I do not know";
    return { body: chatCompletion(JSON.stringify({ answer: prompt.includes("colour") ? "The sky is blue." : `The code is ${code}.` })) };
  });
  disallow = allowJudgeBaseUrls(server.url);
  project = await makeProject(db, "grounding-endpoint");
  const reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
  key = (await createApiKey(db, { projectId: project.id, name: "ci", actor: { userId: reviewer.id, label: reviewer.email } })).key;
  memberlessKey = (await createApiKey(db, { projectId: project.id, name: "trainer", actor: systemActor })).key;
  judgeId = (await createJudge(db, { projectId: project.id, input: { name: uniqueName("reference"), config: { kind: "reference" } } })).judge.id;
  const task = (name: string, prompt: string, referenceAnswer: string, context?: object) => ({ projectId: project.id, externalId: `${environment}/${name}`, environment, origin: "mined", prompt, referenceAnswer, ...(context ? { context } : {}) });
  await db.task.createMany({
    data: [
      task("code", "What is the vault code?", "7314", { document: "The vault code is 7314." }),
      task("colour", "What colour is the sky?", "blue", { document: "Unrelated: the vault code is 7314." }),
      task("broken", "This prompt is broken.", "x", { document: "anything" }),
      task("no-context", "What is 2 + 2?", "4"),
    ],
  });
});
afterAll(async () => {
  disallow();
  await Promise.all([server.close(), deleteProject(db, project.id)]);
});

function post(body: unknown, bearer = key) {
  const request = new NextRequest("http://localhost/api/v1/tasks/grounding", { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return postGrounding(request, { params: Promise.resolve({}) });
}

describe("grounding A/B through an OpenAI-compatible policy endpoint", () => {
  it("queues a job, rolls each task with context out both ways, and stores the judged gap per task and per source", async () => {
    const config = { kind: "llm", baseUrl: server.url, model: "policy-model" };
    const response = await post({ policy: { kind: "endpoint", config }, judgeIds: [judgeId], environment, samples: 2 });
    expect(response.status).toBe(202);
    const { jobId } = await response.json();
    expect(await runJobNow(db, { jobId, type: groundingJob, handle: handleGrounding })).toBe("succeeded");
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    const result = job.result as { tasks: number; unmeasured: Array<{ externalId: string; reason: string }>; rolloutErrorCount: number; bySource: unknown[] };

    const gaps = Object.fromEntries((await db.task.findMany({ where: { projectId: project.id } })).map((task) => [task.externalId.replace(`${environment}/`, ""), task.groundingGap]));
    expect(gaps).toEqual({ code: 1, colour: 0, broken: null, "no-context": null });
    // The task whose policy call failed has no gap, and says why; nothing was made up for it.
    expect(result.tasks).toBe(3);
    expect(result.rolloutErrorCount).toBe(4);
    expect(result.unmeasured).toEqual([{ taskId: expect.any(String), externalId: `${environment}/broken`, reason: expect.stringContaining("no rollout with and without context") }]);
    expect(result.bySource).toEqual([{ source: `${environment} · mined`, tasks: 2, meanGap: 0.5, noGap: 1 }]);
    // Each request went through the judges' client with the context only in the with-context arm.
    const prompts = server.requests.map((request) => JSON.stringify(request.body.messages));
    expect(prompts.filter((prompt) => prompt.includes("vault code?")).length).toBe(4);
    expect(prompts.filter((prompt) => prompt.includes("vault code?") && prompt.includes("Context:")).length).toBe(2);

    const list = await listTasks(db, { projectId: project.id, band: { low: 0.1, high: 0.9 } });
    expect(list.tasks.find((task) => task.externalId.endsWith("/colour"))).toMatchObject({ groundingGap: 0, isUselessForTraining: true });
    expect(list.tasks.find((task) => task.externalId.endsWith("/code"))).toMatchObject({ groundingGap: 1, isUselessForTraining: false });
    // The probes are stored as traces, but they are not rollouts a task's pass rate counts.
    expect(await db.trace.count({ where: { projectId: project.id, runName: `grounding:${jobId}` } })).toBe(8);
    expect((await loadDifficultyStats(db, { projectId: project.id })).byTask.size).toBe(0);
  });

  it("refuses an endpoint the operator does not allow, and a judge of no project of the key", async () => {
    const refused = await post({ policy: { kind: "endpoint", config: { kind: "llm", baseUrl: "http://10.0.0.1:8000", model: "m" } }, judgeIds: [judgeId] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain("GOODHART_JUDGE_BASE_URLS");
    expect((await post({ policy: { kind: "registered", name: "lab" }, judgeIds: ["not-a-judge"] })).status).toBe(404);
    expect((await post({ policy: { kind: "registered", name: "lab" }, judgeIds: [] })).status).toBe(400);
  });

  it("is started in the name of the key's creator, a reviewer or admin, as on /tasks: a key with no member behind it queues nothing", async () => {
    const before = await db.job.count({ where: { projectId: project.id, type: groundingJob.name } });
    const refused = await post({ policy: { kind: "registered", name: "lab" }, judgeIds: [judgeId], environment }, memberlessKey);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/grounding runs .* key's creator, who must be an enabled reviewer or admin/);
    expect(await db.job.count({ where: { projectId: project.id, type: groundingJob.name } })).toBe(before);
  });
});
