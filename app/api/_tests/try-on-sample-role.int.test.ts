import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tryOnSampleAction } from "@/app/actions/rubric-actions";
import { getDb } from "@/lib/db/client";
import { createJudge } from "@/lib/judges/save-judge";
import { deleteProject, makeProject, makeUser } from "@/lib/testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "@/lib/testing/llm-test-server";
import { storeTraces } from "@/lib/traces/store-traces";
import { traceSchema } from "@/lib/traces/trace-schema";
import { signedIn } from "@/lib/next/route-test";

// L5: "Try on sample" asks the project's llm judge about every sampled trace, paid calls a viewer could start.
vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const llm = await startLlmTestServer(() => ({ body: chatCompletion(JSON.stringify({ answer: "yes", evidence: "step 0" })) }));
const disallowTestServer = allowJudgeBaseUrls(llm.url);
let project: { id: string; slug: string };
let draftId: string;

beforeAll(async () => {
  project = await makeProject(db, "try-sample");
  signedIn.projectSlug = project.slug;
  await createJudge(db, { projectId: project.id, input: { name: "paid", config: { kind: "llm", baseUrl: `${llm.url}/v1`, model: "m", maxRetries: 0 } } });
  const rubric = await db.rubric.create({ data: { projectId: project.id, environment: "support", name: "support" } });
  const item = { key: "polite", question: "Is the reply polite?", polarity: "good", weight: 1, checkKind: "llm", check: { kind: "llm", prompt: "Is the reply polite?" }, position: 0 };
  draftId = (await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "draft", items: { create: [item] } } })).id;
  await storeTraces(db, {
    projectId: project.id,
    traces: [1, 2, 3].map((n) => ({ externalId: `t${n}`, trace: traceSchema.parse({ environment: "support", input: `q${n}`, steps: [{ role: "assistant", content: `thank you ${n}` }] }) })),
  });
});
afterAll(async () => {
  disallowTestServer();
  await deleteProject(db, project.id);
  await llm.close();
});

const tryOnSample = () => {
  const form = new FormData();
  form.set("rubricVersionId", draftId);
  return tryOnSampleAction(null, form);
};

describe("Try on sample", () => {
  it("is refused to a viewer, and no llm request is made", async () => {
    signedIn.userId = (await makeUser(db, { projectId: project.id, role: "viewer" })).id;
    expect(await tryOnSample()).toEqual({ ok: false, error: "This needs the reviewer role; you are viewer" });
    expect(llm.requests).toHaveLength(0);
  });

  it("scores the sample for a reviewer, asking the project's judge", async () => {
    signedIn.userId = (await makeUser(db, { projectId: project.id, role: "reviewer" })).id;
    const result = await tryOnSample();
    expect(result).toMatchObject({ ok: true, data: { sampled: 3, mean: 1 } });
    expect(llm.requests).toHaveLength(3);
  });
});
