import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postUpload } from "@/app/api/traces/import/route";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { currentProvider, getDb, type Db } from "@/lib/db/client";
import { createJudge } from "@/lib/judges/save-judge";
import { startJudgeRun } from "@/lib/judges/start-judge-run";
import { makeProject, makeUser, uniqueName } from "@/lib/testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "@/lib/testing/llm-test-server";
import { jobsLogged, spawnAppWorker, type AppWorker } from "@/lib/testing/spawn-app-worker";
import { stopProcess } from "@/lib/testing/spawn-test-worker";
import { createFreshDatabase, type FreshDatabase } from "@/lib/testing/fresh-database";
import { waitFor } from "@/lib/testing/wait-for";
import { stopBoss } from "@/lib/jobs/pg-boss-client";
import { signedIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

// Scale-out as deployed: three worker processes (each with a data dir of its own, as on three
// machines) and the web app's route handlers on one PostgreSQL database, under a steady stream of
// API imports, UI uploads and judge runs against an LLM endpoint with a fixed latency; one worker
// is killed with SIGKILL while it holds a judge run. On a database of its own, so that its workers
// take no other test's jobs.
const isPostgres = currentProvider() === "postgresql";
const tracesPerRound = 20;
const roundsAfterKill = 4;
const maxRoundsBeforeKill = 30;
const leaseSeconds = "2";

const llm = await startLlmTestServer(() => ({ body: chatCompletion(JSON.stringify({ label: "pass", score: 0.9, rationale: "ok", issues: [] })), delayMs: 40 }));
const disallow = allowJudgeBaseUrls(llm.url);
const previous = { lease: process.env.GOODHART_JOB_LEASE_SECONDS, databaseUrl: process.env.DATABASE_URL };
let own: FreshDatabase | undefined;
let db: Db;
let project: { id: string; slug: string };
let key: string;
let reviewerId: string;
let judgeId: string;
let prefix: string;
const dirs: string[] = [];
const workers: AppWorker[] = [];

beforeAll(async () => {
  if (!isPostgres) return;
  own = await createFreshDatabase(currentProvider());
  // The route handlers, like the workers, use the database in DATABASE_URL.
  process.env.DATABASE_URL = own.url;
  db = getDb();
  // pg-boss redelivers a message a little after this lease; the enqueuing process sets that expiry.
  process.env.GOODHART_JOB_LEASE_SECONDS = leaseSeconds;
  project = await makeProject(db, "scale");
  prefix = uniqueName("scale");
  key = (await createApiKey(db, { projectId: project.id, name: "scale", actor: systemActor })).key;
  reviewerId = (await makeUser(db, { projectId: project.id, role: "reviewer" })).id;
  judgeId = (await createJudge(db, { projectId: project.id, input: { name: uniqueName("judge"), config: { kind: "llm", baseUrl: `${llm.url}/v1`, model: "m", concurrency: 2, maxRetries: 0 } } })).judge.id;
  const started = await Promise.all(
    ["a", "b", "c"].map((name) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `goodhart-worker-${name}-`));
      dirs.push(dataDir);
      return spawnAppWorker({ DATABASE_URL: own!.url, GOODHART_DATA_DIR: dataDir, GOODHART_JOB_LEASE_SECONDS: leaseSeconds, GOODHART_WORKER_CONCURRENCY: "2", GOODHART_JUDGE_BASE_URLS: llm.url });
    }),
  );
  workers.push(...started);
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map(({ child }) => stopProcess(child)));
  if (own) {
    await stopBoss();
    await db.$disconnect();
    await own.drop();
  }
  process.env.DATABASE_URL = previous.databaseUrl;
  if (previous.lease === undefined) delete process.env.GOODHART_JOB_LEASE_SECONDS;
  else process.env.GOODHART_JOB_LEASE_SECONDS = previous.lease;
  disallow();
  await llm.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const trace = (externalId: string) => ({ externalId, environment: "scale", steps: [{ role: "user", content: `question ${externalId}` }, { role: "assistant", content: `answer ${externalId}` }] });

async function sendThroughApi(externalIds: string[]) {
  const request = new NextRequest("http://localhost/api/v1/traces", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ traces: externalIds.map(trace) }),
  });
  const response = await postTraces(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ accepted: externalIds.length, duplicates: 0, rejected: [] });
}

/** What the Import dialog sends: the file as the raw body; the import runs on whichever worker takes it. */
async function uploadThroughUi(externalIds: string[]): Promise<string> {
  Object.assign(signedIn, { userId: reviewerId, projectSlug: project.slug });
  const text = externalIds.map((id) => JSON.stringify(trace(id))).join("\n") + "\n";
  const request = new NextRequest("http://localhost/api/traces/import?name=upload.jsonl", {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": "application/octet-stream" },
    body: new File([text], "upload.jsonl"),
  });
  const response = await postUpload(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(202);
  return (await response.json()).jobId;
}

/** One round of load: a batch through the API judged by a new judge run, and every other round a UI upload. */
async function sendRound(round: number, jobIds: string[]) {
  const apiIds = Array.from({ length: tracesPerRound }, (_, i) => `${prefix}-api-${round}-${i}`);
  await sendThroughApi(apiIds);
  const stored = await db.trace.findMany({ where: { projectId: project.id, externalId: { in: apiIds } }, select: { id: true } });
  const { job } = await startJudgeRun(db, { projectId: project.id, judgeIds: [judgeId], selection: { by: "ids", traceIds: stored.map(({ id }) => id) } });
  jobIds.push(job.id);
  if (round % 2 === 0) jobIds.push(await uploadThroughUi(Array.from({ length: tracesPerRound }, (_, i) => `${prefix}-upload-${round}-${i}`)));
}

const requestsPerTrace = () => {
  const counts = new Map<string, number>();
  for (const { text } of llm.requests) for (const id of new Set(text.match(new RegExp(`${prefix}-api-\\d+-\\d+`, "g")) ?? [])) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
};

describe("PostgreSQL at scale: three worker processes and the web app on one database", () => {
  it.skipIf(!isPostgres)("(PostgreSQL only: SQLite is one file on one machine) loses no job, does none twice, and finishes a killed worker's jobs on the others", async () => {
    const jobIds: string[] = [];
    const [doomed, ...survivors] = workers;
    let round = 0;
    // Steady load until the doomed worker is in the middle of a judge run.
    let held: { id: string }[] = [];
    while (held.length === 0) {
      expect(round, "the first worker never took a judge run").toBeLessThan(maxRoundsBeforeKill);
      await sendRound(round++, jobIds);
      held = await db.job.findMany({ where: { id: { in: jobIds }, type: "judges.run", status: "running", lockedBy: doomed!.workerId, progress: { gt: 0 } }, select: { id: true } });
    }
    await stopProcess(doomed!.child, "SIGKILL");
    const heldAtKill = await db.job.findMany({ where: { id: { in: jobIds }, status: "running", lockedBy: doomed!.workerId }, select: { id: true } });
    for (let more = 0; more < roundsAfterKill; more++) await sendRound(round++, jobIds);

    const isFinal = (status: string) => ["succeeded", "failed", "cancelled"].includes(status);
    // Every job of this database: the ones sent, and what they queued in turn (a judge run's follow-ups).
    const jobs = await waitFor(async () => {
      const rows = await db.job.findMany({ select: { id: true, type: true, status: true, attempts: true, lockedBy: true, error: true, result: true } });
      return jobIds.every((id) => rows.some((row) => row.id === id)) && rows.every((row) => isFinal(row.status)) && rows;
    }, 60_000, 200);
    const apiTraces = round * tracesPerRound;
    const uploadTraces = Math.ceil(round / 2) * tracesPerRound;
    const retaken = jobs.filter(({ attempts }) => attempts > 1).length;
    console.log(`scale: ${round} rounds, ${jobs.length} jobs (${[...new Set(jobs.map(({ type }) => type))].join(", ")};  ${retaken} taken over after the kill, ${heldAtKill.length} held by the killed worker), ${apiTraces + uploadTraces} traces, ${llm.requests.length} LLM requests`);

    // No job lost: every one succeeded, the killed worker's ones on another worker.
    const logOf = (id: string) => workers.flatMap(({ output }) => output().split("\n").filter((line) => line.includes(id)));
    expect(jobs.filter(({ status }) => status !== "succeeded").map(({ id, type, error, attempts }) => ({ id, type, error, attempts, log: logOf(id) }))).toEqual([]);
    for (const { id } of heldAtKill) {
      const job = jobs.find((row) => row.id === id)!;
      expect(job.attempts).toBeGreaterThan(1);
      expect(survivors.map(({ workerId }) => workerId)).toContain(job.lockedBy);
    }
    // None done twice: at most one success line per job over all the workers' logs, and outside the
    // killed worker's jobs, one LLM call per judged trace. A worker stores a job's end, then logs it:
    // the line can reach this process after the row has, and a job the killed worker stored as done
    // just before SIGKILL has no line at all (its row names that worker); every other job has one.
    const loggedSuccesses = () => workers.flatMap(({ output }) => jobsLogged(output(), "succeeded"));
    const mustBeLogged = jobs.filter(({ lockedBy }) => lockedBy !== doomed!.workerId);
    await waitFor(async () => mustBeLogged.every(({ id }) => loggedSuccesses().includes(id)), 10_000, 100).catch(() => undefined);
    const successes = loggedSuccesses();
    const doneByKilled = jobs.filter(({ lockedBy, status }) => lockedBy === doomed!.workerId && status === "succeeded");
    console.log(`scale: ${doneByKilled.length} jobs finished by the killed worker, ${doneByKilled.filter(({ id }) => !successes.includes(id)).length} of them stored as done without a line`);
    expect(successes.filter((id, i) => successes.indexOf(id) !== i), "jobs logged as succeeded twice").toEqual([]);
    expect(successes.filter((id) => !jobs.some((job) => job.id === id)), "success lines of jobs this database does not have").toEqual([]);
    expect(mustBeLogged.filter(({ id }) => !successes.includes(id)).map(({ id, type, attempts, lockedBy }) => ({ id, type, attempts, lockedBy, log: logOf(id) }))).toEqual([]);
    const perTrace = requestsPerTrace();
    expect(perTrace.size).toBe(apiTraces);
    const judgedOnce = jobs.filter(({ type, attempts }) => type === "judges.run" && attempts === 1);
    const verdictsOfOnce = await db.verdict.findMany({ where: { jobId: { in: judgedOnce.map(({ id }) => id) } }, select: { trace: { select: { externalId: true } } } });
    expect(verdictsOfOnce.length).toBe(judgedOnce.length * tracesPerRound);
    expect(verdictsOfOnce.filter(({ trace }) => perTrace.get(trace.externalId!) !== 1)).toEqual([]);
    // Every record landed once: the API's and the uploads' traces, one verdict per judged trace.
    expect(await db.trace.count({ where: { projectId: project.id, externalId: { startsWith: `${prefix}-api-` } } })).toBe(apiTraces);
    expect(await db.trace.count({ where: { projectId: project.id, externalId: { startsWith: `${prefix}-upload-` } } })).toBe(uploadTraces);
    expect(await db.verdict.count({ where: { projectId: project.id, error: null } })).toBe(apiTraces);
    for (const upload of jobs.filter(({ type }) => type === "traces.import")) {
      expect(upload.result).toMatchObject({ rejectedCount: 0 });
      const { accepted, duplicates } = upload.result as { accepted: number; duplicates: number };
      // A retried import counts what its killed attempt stored as duplicates.
      if (upload.attempts === 1) expect(accepted).toBe(tracesPerRound);
      else expect(accepted + duplicates).toBe(tracesPerRound);
    }
    // Each upload's bytes are gone from the database once its import is done.
    expect(await db.uploadChunk.count()).toBe(0);
  }, 100_000);
});
