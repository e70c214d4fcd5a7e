import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { lastUsedWritesDone } from "@/lib/api-keys/verify-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import Database from "better-sqlite3";
import { getDb, providerOfDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate-database";
import { makeProject, uniqueName } from "@/lib/testing/factories";
import { waitFor } from "@/lib/testing/wait-for";
import { routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

// Issue 14, H2: imports while the lab writes from another process (as the worker does in production)
// lost thousands of traces to "database is locked" inside 200 answers. GOODHART_BUSY_TEST_TRACES
// scales the count down for a quick local run.
const total = Number(process.env.GOODHART_BUSY_TEST_TRACES ?? 20_000);
const labSteps = Number(process.env.GOODHART_BUSY_TEST_LAB_STEPS ?? 100);
const apiBatchSize = 250;
const apiClients = 3;
const root = path.resolve(import.meta.dirname, "../../..");

const db = getDb();
const [project] = routeTestProjects(["busy"]);
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "goodhart-busy-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const trace = (externalId: string) => ({
  externalId,
  environment: "busy",
  steps: [{ role: "user", content: `question ${externalId}` }, { role: "assistant", content: `answer ${externalId}` }],
});

type Answer = { status: number; retryAfter: string | null; body: { accepted?: number; duplicates?: number; rejected?: unknown[]; error?: { code: string; message: string; details: unknown[] } } };

/** POSTs one batch through the route handler; a 503 for the whole batch is sent again after Retry-After, as a client would. */
const batchRequest = (externalIds: string[], apiKey: string) =>
  new NextRequest("http://localhost/api/v1/traces", {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ traces: externalIds.map(trace) }),
  });

async function sendBatch(externalIds: string[], answers: Answer[], apiKey = project.key) {
  for (;;) {
    const response = await postTraces(batchRequest(externalIds, apiKey), { params: Promise.resolve({}) });
    const answer: Answer = { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
    answers.push(answer);
    if (answer.status !== 503) return answer;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.retryAfter) * 1000));
  }
}

/** Parallel clients; `pace` holds batch i of n back until the writer it should meet has got that far. */
async function sendThroughApi(externalIds: string[], answers: Answer[], pace: (index: number, count: number) => Promise<unknown>) {
  const batches: string[][] = [];
  for (let start = 0; start < externalIds.length; start += apiBatchSize) batches.push(externalIds.slice(start, start + apiBatchSize));
  let next = 0;
  await Promise.all(
    Array.from({ length: apiClients }, async () => {
      for (let index = next++; index < batches.length; index = next++) {
        await pace(index, batches.length);
        await sendBatch(batches[index]!, answers);
      }
    }),
  );
}

type Exit = { code: number | null; stdout: string; stderr: string };

/** The goodhart CLI in its own process, as a user runs it next to the web server and the worker. */
function startCli(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { cwd: root, env: { ...process.env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
  return { child, exited };
}

/** `goodhart import FILE --json`, run again (as a user would) when it stops on a busy database. */
async function importWithCli(file: string, runs: Exit[]) {
  for (;;) {
    const run = await startCli(["import", file, "--project", project.slug, "--format", "native", "--json"]).exited;
    runs.push(run);
    if (run.code === 1 && run.stderr.includes("database is busy")) continue;
    if (run.code !== 0 && run.code !== 2) throw new Error(`goodhart import exited ${run.code}: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { accepted: number; duplicates: number; rejected: unknown[] };
  }
}

const jobOf = (type: string) => db.job.findFirst({ where: { projectId: project.id, type }, select: { id: true, status: true, attempts: true, progress: true, error: true } });

/**
 * Spreads the batches over a job's progress, so that they meet its writes however fast this machine
 * runs it; counts the batches sent while it was still running.
 */
function alongside(type: string, overlap: { batches: number }) {
  return async (index: number, count: number) => {
    const job = await waitFor(async () => {
      const row = await jobOf(type);
      return row && (row.status !== "running" || row.progress >= index / count) ? row : null;
    }, 120_000);
    if (job.status === "running") overlap.batches++;
  };
}

/** A failed attempt, not a busy database's requeue (which is free): the old behaviour, where a lock failed the lab's attempts. */
const hasSpentAnAttempt = (job: Awaited<ReturnType<typeof jobOf>>) =>
  !!job && (job.attempts > 1 || job.status === "failed" || (job.status === "queued" && !job.error?.startsWith("database busy")));

describe("imports while the lab writes from another process", () => {
  it(`stores every one of ${total} traces sent through the API and the CLI import, each answer 200 with all accepted or 503 for the whole batch`, async () => {
    const prefix = uniqueName("busy");
    const ids = Array.from({ length: total }, (_, i) => `${prefix}-${i}`);
    // A quarter goes through `goodhart import` from a JSONL file, the rest through the API:
    // half of it while the lab run trains, half once its review (panel, then edge cases) has started.
    const cliIds = ids.slice(0, Math.floor(total / 4));
    const apiIds = ids.slice(cliIds.length);
    const [duringRun, duringReview] = [apiIds.slice(0, apiIds.length / 2), apiIds.slice(apiIds.length / 2)];
    const file = path.join(dir, "traces.jsonl");
    writeFileSync(file, cliIds.map((id) => JSON.stringify(trace(id))).join("\n") + "\n");

    // `goodhart lab run`: the lab run and then its review, each through the job system, in a process of its own.
    const lab = startCli(["lab", "run", "--project", project.slug, "--steps", String(labSteps), "--seed", "7", "--json"]);
    try {
      await waitFor(async () => ((await jobOf("lab.run"))?.progress ?? 0) > 0, 60_000);
      const answers: Answer[] = [];
      const cliRuns: Exit[] = [];
      const overlap = { run: { batches: 0 }, review: { batches: 0 } };
      const started = Date.now();
      const [cliResult] = await Promise.all([
        importWithCli(file, cliRuns),
        (async () => {
          await sendThroughApi(duringRun, answers, alongside("lab.run", overlap.run));
          // The review is enqueued when the run succeeds; a run that stopped instead has no review to wait for.
          await waitFor(async () => (await jobOf("lab.review")) ?? (await jobOf("lab.run"))?.status !== "running", 120_000);
          if (await jobOf("lab.review")) await sendThroughApi(duringReview, answers, alongside("lab.review", overlap.review));
          else await sendThroughApi(duringReview, answers, async () => undefined);
        })(),
      ]);
      const seconds = (Date.now() - started) / 1000;
      const [runAtEnd, reviewAtEnd] = [await jobOf("lab.run"), await jobOf("lab.review")];
      console.log(`busy import: ${total} traces in ${seconds.toFixed(1)} s, ${answers.filter((a) => a.status === 503).length} of ${answers.length} answers 503 (${overlap.run.batches} batches sent while the lab run was running, ${overlap.review.batches} during its review), ${cliRuns.length - 1} CLI reruns, ${answers.reduce((sum, a) => sum + (a.body.rejected?.length ?? 0), 0) + cliResult.rejected.length} rejected; at the end the lab run was ${runAtEnd?.status}, its review ${reviewAtEnd?.status}`);

      for (const answer of answers) {
        expect([200, 503]).toContain(answer.status);
        if (answer.status === 200) expect(answer.body.rejected).toEqual([]);
        else {
          expect(answer.body.error).toMatchObject({ code: "unavailable", details: [] });
          expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        }
      }
      const settled = answers.filter((a) => a.status === 200);
      expect(settled.reduce((sum, a) => sum + a.body.accepted! + a.body.duplicates!, 0)).toBe(apiIds.length);
      expect(cliResult.rejected).toEqual([]);
      expect(cliResult.accepted + cliResult.duplicates).toBe(cliIds.length);
      expect(await db.trace.count({ where: { projectId: project.id, externalId: { startsWith: `${prefix}-` } } })).toBe(total);

      // The imports really met the lab's writes.
      expect(overlap.run.batches).toBeGreaterThan(0);
      // The lab wrote alongside and lost nothing either: both jobs done on their first attempt.
      const labOutcome = await Promise.race([lab.exited, waitFor(async () => hasSpentAnAttempt(await jobOf("lab.run")) && "the lab run lost an attempt", 180_000)]);
      if (typeof labOutcome === "string") throw new Error(`${labOutcome}: ${JSON.stringify(await jobOf("lab.run"))}`);
      expect(labOutcome.code, labOutcome.stderr).toBe(0);
      expect(JSON.parse(labOutcome.stdout.trim().split("\n").at(-1)!)).toMatchObject({ steps: labSteps });
      expect(await jobOf("lab.run")).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(await jobOf("lab.review")).toMatchObject({ status: "succeeded", attempts: 1 });
    } finally {
      if (lab.child.exitCode === null) lab.child.kill();
    }
  }, 180_000);

  // SQLite only (PostgreSQL has no file-wide write lock to hold). On a database file of its own, so
  // that holding its lock past the retry budget holds up no other test.
  it.runIf(providerOfDb(db) === "sqlite")("answers 503 with Retry-After for a whole batch it could not store, stores none of it, and takes the resend", async () => {
    const url = `file:${path.join(dir, "locked.db")}`;
    await migrateDatabase({ root, url });
    const sharedUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    const own = getDb();
    try {
      const lockedProject = await makeProject(own, "locked");
      const lockedKey = (await createApiKey(own, { projectId: lockedProject.id, name: "locked", actor: systemActor })).key;
      const externalIds = Array.from({ length: 50 }, (_, i) => `locked-${i}`);
      const stored = () => own.trace.count({ where: { projectId: lockedProject.id } });
      // A first batch before the lock, so that the key's once-a-minute lastUsedAt write is done.
      expect((await sendBatch(["locked-first"], [], lockedKey)).status).toBe(200);
      await lastUsedWritesDone();
      const holder = new Database(path.join(dir, "locked.db"));
      try {
        holder.exec("BEGIN IMMEDIATE");
        const response = await postTraces(batchRequest(externalIds, lockedKey), { params: Promise.resolve({}) });
        expect(response.status).toBe(503);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await response.json()).error).toMatchObject({ code: "unavailable", message: expect.stringMatching(/busy.*counts as duplicates/), details: [] });
      } finally {
        holder.exec("ROLLBACK");
        holder.close();
      }
      expect(await stored()).toBe(1);
      const resent = await sendBatch(externalIds, [], lockedKey);
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({ accepted: 50, duplicates: 0, rejected: [] });
      expect(await stored()).toBe(51);
    } finally {
      await own.$disconnect();
      process.env.DATABASE_URL = sharedUrl;
    }
  }, 60_000);
});
