import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { addDocument } from "../documents/add-document";
import { runJobNow } from "../jobs/run-job-now";
import { createJudge } from "../judges/save-judge";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer, type TestRequest } from "../testing/llm-test-server";
import { mineDocumentHandler, mineDocumentJob, startDocumentMining } from "./mine-document-job";

const db = getDb();
const fixture = readFileSync(path.join(import.meta.dirname, "fixtures/harbour-history.md"), "utf8");
const projectIds: string[] = [];

// The writer model proposes four questions; the checker, shown the passage, answers two with true
// quotes, cannot answer the third, quotes words the document does not hold for the fourth, and
// quotes a true span that gives another answer than the writer's for the fifth.
const questions = [
  { question: "On what date was the first stone pier of the harbour finished?", answer: "March 14, 1821" },
  { question: "Which engineer designed the pier?", answer: "Agnes Morrow" },
  { question: "What was the name of the harbour master's dog?", answer: "Rex" },
  { question: "How many clerks did the customs house employ at its busiest?", answer: "35" },
  { question: "In which year did the customs house open?", answer: "1880" },
];
const checks: Record<string, { answerable: boolean; answer: string; quote: string }> = {
  "On what date": { answerable: true, answer: "March 14, 1821", quote: "Its first stone pier was finished on\nMarch 14, 1821" },
  "Which engineer": { answerable: true, answer: "Agnes Morrow", quote: "The pier was designed by the engineer Agnes Morrow" },
  "harbour master's dog": { answerable: false, answer: "", quote: "" },
  "How many clerks": { answerable: true, answer: "35", quote: "the customs house employed 35 clerks in total" },
  "In which year": { answerable: true, answer: "1874", quote: "The customs house opened in 1874" },
};
function respond({ body }: TestRequest) {
  const prompt = String((body.messages as { content: string }[]).at(-1)!.content);
  if (body.model === "writer") return { body: chatCompletion(JSON.stringify({ questions })) };
  const key = Object.keys(checks).find((start) => prompt.split("Question: ")[1]?.includes(start));
  return key ? { body: chatCompletion(JSON.stringify(checks[key])) } : { status: 400, body: { error: { message: "unexpected prompt" } } };
}
const server = await startLlmTestServer(respond);
const disallowTestServer = allowJudgeBaseUrls(server.url);

afterAll(async () => {
  await Promise.all(projectIds.map((id) => deleteProject(db, id)));
  disallowTestServer();
  await server.close();
});

async function projectWithDocument(prefix: string) {
  const projectId = (await makeProject(db, prefix)).id;
  projectIds.push(projectId);
  const document = await addDocument(db, { projectId, input: { name: "The Port of Varnholm", contentType: "text/markdown", text: fixture } });
  return { projectId, documentId: document.id };
}

async function mine(projectId: string, documentId: string) {
  const { job, isDuplicate } = await startDocumentMining(db, { projectId, documentId });
  const progress: number[] = [];
  const outcome = await runJobNow(db, { jobId: job.id, type: mineDocumentJob, handle: mineDocumentHandler.handle, onProgress: (fraction) => progress.push(fraction) });
  return { job: await db.job.findUniqueOrThrow({ where: { id: job.id } }), isDuplicate, outcome, progress };
}

describe("tasks.mine-document without an llm judge", () => {
  let projectId: string;
  let documentId: string;
  beforeAll(async () => ({ projectId, documentId } = await projectWithDocument("mine-cloze")));

  it("stores cloze tasks whose answers are the exact blanked spans of the document, linked to it, with progress", async () => {
    const { job, outcome, progress } = await mine(projectId, documentId);
    expect(outcome).toBe("succeeded");
    expect(job).toMatchObject({ status: "succeeded", progress: 1 });
    expect(progress.at(-1)).toBe(1);
    const tasks = await db.task.findMany({ where: { projectId } });
    expect(tasks.length).toBeGreaterThanOrEqual(8);
    for (const task of tasks) {
      const span = task.originSpan as { start: number; end: number };
      expect(task).toMatchObject({ origin: "mined", environment: "documents", originDocumentId: documentId, metadata: expect.objectContaining({ method: "cloze" }) });
      expect(fixture.slice(span.start, span.end)).toBe(task.referenceAnswer);
      expect(task.prompt.toLowerCase()).not.toContain(task.referenceAnswer!.toLowerCase());
      expect((task.context as { document: string }).document).toContain(task.referenceAnswer);
    }
  });

  it("adds nothing when the same document is mined again", async () => {
    const before = await db.task.findMany({ where: { projectId }, select: { id: true }, orderBy: { id: "asc" } });
    const again = await startDocumentMining(db, { projectId, documentId });
    expect(again.isDuplicate).toBe(true);
    const rerun = await mineDocumentHandler.handle({ projectId, documentId }, { db, jobId: "rerun", projectId, attempt: 1, signal: new AbortController().signal, reportProgress: async () => undefined });
    expect(rerun).toMatchObject({ method: "cloze", created: 0, existing: before.length });
    expect(await db.task.findMany({ where: { projectId }, select: { id: true }, orderBy: { id: "asc" } })).toEqual(before);
  });
});

describe("tasks.mine-document with llm judges", () => {
  let projectId: string;
  let documentId: string;
  beforeAll(async () => {
    ({ projectId, documentId } = await projectWithDocument("mine-qa"));
    for (const model of ["writer", "checker"]) {
      await createJudge(db, { projectId, input: { name: uniqueName(model), config: { kind: "llm", baseUrl: `${server.url}/v1`, model, maxRetries: 0 } } });
    }
  });

  it("keeps the questions the second model answers from a verbatim quote and drops the one it cannot answer, the one whose quote is not in the document and the one the quote does not support", async () => {
    const { outcome, job } = await mine(projectId, documentId);
    expect(outcome).toBe("succeeded");
    expect(job.result).toMatchObject({ method: "qa", generated: 5, created: 2, dropped: { unanswerable: 1, quote_not_in_document: 1, answer_not_supported: 1 } });
    const models = server.requests.map((request) => request.body.model);
    expect(models.filter((model) => model === "writer")).toHaveLength(1);
    expect(models.filter((model) => model === "checker")).toHaveLength(5);
    // The checker sees the document.
    expect(server.requests.find((request) => request.body.model === "checker")!.text).toContain("Agnes Morrow, who later built the lighthouse");

    const tasks = await db.task.findMany({ where: { projectId }, orderBy: { prompt: "asc" } });
    expect(tasks.map((task) => [task.prompt, task.referenceAnswer])).toEqual([
      [questions[0]!.question, "March 14, 1821"],
      [questions[1]!.question, "Agnes Morrow"],
    ]);
    for (const task of tasks) {
      const span = task.originSpan as { start: number; end: number };
      expect(task.originDocumentId).toBe(documentId);
      expect(fixture.slice(span.start, span.end)).toContain(task.referenceAnswer);
      expect((task.metadata as { quote: string }).quote).toBe(fixture.slice(span.start, span.end));
    }
  });

  it("fails the job with the model's error and stores nothing when a reply cannot be read", async () => {
    const broken = await projectWithDocument("mine-qa-broken");
    const badServer = await startLlmTestServer(() => ({ body: chatCompletion('{"questions": "not a list"}') }));
    const disallow = allowJudgeBaseUrls(badServer.url);
    try {
      await createJudge(db, { projectId: broken.projectId, input: { name: uniqueName("writer"), config: { kind: "llm", baseUrl: `${badServer.url}/v1`, model: "writer", maxRetries: 0 } } });
      const run = mineDocumentHandler.handle(broken, { db, jobId: "broken", projectId: broken.projectId, attempt: 1, signal: new AbortController().signal, reportProgress: async () => undefined });
      await expect(run).rejects.toThrow(/questions/);
      expect(await db.task.count({ where: { projectId: broken.projectId } })).toBe(0);
    } finally {
      disallow();
      await badServer.close();
    }
  });

  it("asks no model and adds nothing when the document is mined again", async () => {
    const requests = server.requests.length;
    const result = await mineDocumentHandler.handle({ projectId, documentId }, { db, jobId: "rerun", projectId, attempt: 1, signal: new AbortController().signal, reportProgress: async () => undefined });
    expect(result).toMatchObject({ method: "qa", created: 0, existing: 2 });
    expect(server.requests.length).toBe(requests);
    expect(await db.task.count({ where: { projectId } })).toBe(2);
  });
});
