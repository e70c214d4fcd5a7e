import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postUpload } from "@/app/api/traces/import/route";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { currentProvider, getDb, providerOfDb, type Db } from "@/lib/db/client";
import { stopBoss } from "@/lib/jobs/pg-boss-client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { startLabRun } from "@/lib/lab/start-lab-run";
import { makeProject, makeUser, uniqueName } from "@/lib/testing/factories";
import { createFreshDatabase, type FreshDatabase } from "@/lib/testing/fresh-database";
import { lastJsonLine, runCli } from "@/lib/testing/run-cli";
import { spawnAppWorker, type AppWorker } from "@/lib/testing/spawn-app-worker";
import { stopProcess } from "@/lib/testing/spawn-test-worker";
import { waitFor } from "@/lib/testing/wait-for";
import { signedIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

// Imports through the CLI, the API and a UI upload while the real worker process (workers/index.ts)
// trains a lab run and then reviews it, all writing to one database (SQLite's single writer, or
// PostgreSQL). On a database of its own, so that its worker takes no other test's jobs.
const labSteps = 100;
const cliTraces = 1_500;
const apiBatches = 8;
const apiBatchSize = 200;
const uploadTraces = 800;
const lockedText = /database is locked|SQLITE_BUSY|database table is locked/i;

const previousDatabaseUrl = process.env.DATABASE_URL;
let own: FreshDatabase;
let db: Db;
let worker: AppWorker;
let dataDir: string;
let project: { id: string; slug: string };
let key: string;
let reviewerId: string;

beforeAll(async () => {
  own = await createFreshDatabase(currentProvider());
  // The route handlers, like the worker and the CLI, use the database in DATABASE_URL.
  process.env.DATABASE_URL = own.url;
  db = getDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "goodhart-load-"));
  project = await makeProject(db, "load");
  key = (await createApiKey(db, { projectId: project.id, name: "load", actor: systemActor })).key;
  reviewerId = (await makeUser(db, { projectId: project.id, role: "reviewer" })).id;
  await seedLabRubrics(db, { projectId: project.id });
  worker = await spawnAppWorker({ DATABASE_URL: own.url, GOODHART_DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  if (worker) await stopProcess(worker.child);
  if (db && providerOfDb(db) === "postgresql") await stopBoss();
  await db?.$disconnect();
  await own?.drop();
  process.env.DATABASE_URL = previousDatabaseUrl;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const trace = (externalId: string, padding = "") => ({ externalId, environment: "load", steps: [{ role: "user", content: `question ${externalId}${padding}` }, { role: "assistant", content: `answer ${externalId}` }] });
const jsonl = (ids: string[], padding = "") => ids.map((id) => JSON.stringify(trace(id, padding))).join("\n") + "\n";
const idsOf = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

type Answer = { status: number; text: string };

/** One batch through POST /api/v1/traces; a 503 (the whole batch refused, nothing stored) is sent again as its Retry-After says. */
async function sendBatch(externalIds: string[], answers: Answer[]) {
  for (;;) {
    const request = new NextRequest("http://localhost/api/v1/traces", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ traces: externalIds.map((id) => trace(id)) }),
    });
    const response = await postTraces(request, { params: Promise.resolve({}) });
    const answer = { status: response.status, text: await response.text() };
    answers.push(answer);
    if (answer.status !== 503) return;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
  }
}

/** What the Import dialog sends: the file as the raw body; the worker imports it from the database. */
async function upload(text: string): Promise<{ status: number; body: { jobId?: string } }> {
  Object.assign(signedIn, { userId: reviewerId, projectSlug: project.slug });
  const request = new NextRequest("http://localhost/api/traces/import?name=load.jsonl", {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": "application/octet-stream" },
    body: new File([text], "load.jsonl"),
  });
  const response = await postUpload(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

const jobOf = (type: string) => db.job.findFirst({ where: { projectId: project.id, type }, orderBy: { createdAt: "asc" } });

describe("imports while the worker's lab run and review write", () => {
  it("lands every record sent through the CLI, the API and a UI upload, and none of them, nor the lab's jobs, meets a locked database", async () => {
    const prefix = uniqueName("load");
    const cliIds = idsOf(`${prefix}-cli`, cliTraces);
    const apiIds = idsOf(`${prefix}-api`, apiBatches * apiBatchSize);
    const uploadIds = idsOf(`${prefix}-upload`, uploadTraces);
    const file = path.join(dataDir, "cli.jsonl");
    writeFileSync(file, jsonl(cliIds));
    const batches = Array.from({ length: apiBatches }, (_, i) => apiIds.slice(i * apiBatchSize, (i + 1) * apiBatchSize));

    await startLabRun(db, { projectId: project.id, rubric: "v1", config: { steps: labSteps, seed: 5, batchSize: 4, groupSize: 4, sampleRolloutsPerStep: 2 } });
    await waitFor(async () => ((await jobOf("lab.run"))?.progress ?? 0) > 0, 60_000);

    const answers: Answer[] = [];
    const sentWhile = { run: 0, review: 0 };
    const countWhileRunning = async (type: string) => {
      if ((await jobOf(type))?.status === "running") sentWhile[type === "lab.run" ? "run" : "review"]++;
    };
    const [cli, uploaded] = await Promise.all([
      runCli(["import", file, "--project", project.slug, "--format", "native", "--json"], { env: { DATABASE_URL: own.url } }),
      upload(jsonl(uploadIds, " ".repeat(1_400))),
      (async () => {
        // Half the batches while the run trains, half once its review has started.
        for (const batch of batches.slice(0, apiBatches / 2)) {
          await countWhileRunning("lab.run");
          await sendBatch(batch, answers);
        }
        await waitFor(async () => (await jobOf("lab.review")) ?? ((await jobOf("lab.run"))?.status === "failed" && "the lab run failed"), 90_000);
        for (const batch of batches.slice(apiBatches / 2)) {
          await countWhileRunning("lab.review");
          await sendBatch(batch, answers);
        }
      })(),
    ]);
    expect(uploaded.status).toBe(202);
    const isFinal = (status?: string) => status === "succeeded" || status === "failed" || status === "cancelled";
    const [importJob, runJob, reviewJob] = await waitFor(async () => {
      const jobs = await Promise.all([db.job.findUniqueOrThrow({ where: { id: uploaded.body.jobId! } }), jobOf("lab.run"), jobOf("lab.review")]);
      return jobs.every((job) => isFinal(job?.status)) && jobs;
    }, 90_000, 200);
    console.log(
      `import under load (${providerOfDb(db)}): ${cliTraces} by the CLI, ${apiIds.length} by the API (${sentWhile.run} batches during the lab run, ${sentWhile.review} during its review, ${answers.filter((a) => a.status === 503).length} answers 503), ${uploadTraces} by an upload (imported ${importJob.startedAt! < runJob!.finishedAt! ? "while" : "after"} the lab run trained); lab run ${runJob?.status} in ${runJob?.attempts} attempt(s), review ${reviewJob?.status}`,
    );

    // Nobody saw a locked database: not the CLI, not an API client, not a job.
    expect(cli.stderr).not.toMatch(lockedText);
    expect(cli.code, cli.stderr).toBe(0);
    expect(lastJsonLine(cli.stdout)).toMatchObject({ accepted: cliTraces, duplicates: 0, rejected: [] });
    expect(lastJsonLine(cli.stdout).traceIds).toHaveLength(cliTraces);
    expect(answers.filter(({ text }) => lockedText.test(text))).toEqual([]);
    expect(answers.filter(({ status }) => status !== 200 && status !== 503)).toEqual([]);
    for (const job of [importJob, runJob!, reviewJob!]) expect({ type: job.type, status: job.status, attempts: job.attempts, error: job.error }).toEqual({ type: job.type, status: "succeeded", attempts: 1, error: null });
    expect(worker.output()).not.toMatch(lockedText);
    expect(importJob.result).toMatchObject({ accepted: uploadTraces, duplicates: 0, rejectedCount: 0 });

    // Every record landed, once.
    const count = (group: string) => db.trace.count({ where: { projectId: project.id, externalId: { startsWith: `${prefix}-${group}-` } } });
    expect({ cli: await count("cli"), api: await count("api"), upload: await count("upload") }).toEqual({ cli: cliTraces, api: apiIds.length, upload: uploadTraces });
    // The imports met the lab's writes, and the upload's bytes are gone once imported.
    expect(sentWhile.run).toBeGreaterThan(0);
    expect(await db.uploadChunk.count()).toBe(0);
  }, 110_000);
});
