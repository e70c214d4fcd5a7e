import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, currentProvider, type Db } from "../lib/db/client";
import { importTracesJob } from "../lib/ingest/import-traces-job";
import { saveUpload } from "../lib/ingest/save-upload";
import { enqueueJob } from "../lib/jobs/enqueue-job";
import { defaultProjectSlug } from "../lib/projects/find-project";
import { makeUser, uniqueName } from "../lib/testing/factories";
import { waitFor } from "../lib/testing/wait-for";
import { freePort } from "../lib/testing/free-port";

// npm start as a user runs it, on a fresh SQLite file of its own: a worker killed with SIGKILL comes
// back while the web server keeps answering; and, against the same real server, a session cookie
// copied before sign-out no longer works after it. Needs a build (the full suite builds first).
const root = path.resolve(import.meta.dirname, "..");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "goodhart-restart-"));
const databaseUrl = `file:${path.join(dataDir, "restart.db")}`;

let app: ChildProcess;
let output = "";
let db: Db;

async function health(): Promise<boolean> {
  const response = await fetch(`${base}/api/health`).catch(() => null);
  return Boolean(response?.ok && (await response.json()).status === "ok");
}

const workerPids = () => [...output.matchAll(/\[goodhart\] worker started \(pid (\d+)\)/g)].map((match) => Number(match[1]));

describe.runIf(currentProvider() === "sqlite")("npm start with a worker that dies", () => {
  beforeAll(async () => {
    app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), GOODHART_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, GOODHART_SKIP_DEMO: "1", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    app.stdout!.on("data", (chunk) => (output += chunk));
    app.stderr!.on("data", (chunk) => (output += chunk));
    await waitFor(health, 240_000, 250).catch((error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    db = createDb(databaseUrl);
  }, 300_000);

  afterAll(async () => {
    if (app?.exitCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await exited;
    }
    await db?.$disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("restarts a worker killed with SIGKILL while /api/health keeps answering, and the new worker runs a job", async () => {
    const [first] = await waitFor(async () => workerPids().length > 0 && workerPids(), 30_000);
    process.kill(first!, "SIGKILL");

    let healthChecks = 0;
    const second = await waitFor(
      async () => {
        expect(await health(), `health during the restart\n${output}`).toBe(true);
        healthChecks += 1;
        return workerPids().find((pid) => pid !== first);
      },
      30_000,
      100,
    );
    expect(healthChecks).toBeGreaterThan(0);
    expect(output).toMatch(new RegExp(`\\[goodhart\\] the worker \\(pid ${first}\\) exited \\(SIGKILL\\); restarting it in 1 s`));
    expect(app.exitCode).toBeNull();

    const project = await db.project.findUniqueOrThrow({ where: { slug: defaultProjectSlug } });
    const externalId = uniqueName("after-restart");
    const body = new Blob([`${JSON.stringify({ externalId, steps: [{ role: "user", content: "hello" }] })}\n`]).stream();
    const { uploadId } = await saveUpload(db, body, { projectId: project.id, fileName: "traces.jsonl", limit: 1_000_000 });
    const { job } = await enqueueJob(db, importTracesJob, { uploadId, fileName: "traces.jsonl" }, { projectId: project.id });

    const done = await waitFor(
      async () => {
        const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
        return ["succeeded", "failed"].includes(row.status) && row;
      },
      30_000,
      100,
    );
    expect(done).toMatchObject({ status: "succeeded", lockedBy: expect.stringContaining(`:${second}:`) });
    expect(await db.trace.count({ where: { projectId: project.id, externalId } })).toBe(1);
  }, 120_000);

  it("refuses a session cookie copied before sign-out, over real HTTP", async () => {
    const project = await db.project.findUniqueOrThrow({ where: { slug: defaultProjectSlug } });
    const user = await makeUser(db, { projectId: project.id, role: "reviewer" });
    const csrf = async (cookie = "") => {
      const response = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
      const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
      return { token: (await response.json()).csrfToken as string, cookie: [cookie, ...cookies].filter(Boolean).join("; ") };
    };
    const post = (url: string, cookie: string, fields: Record<string, string>) =>
      fetch(`${base}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams(fields),
      });

    const login = await csrf();
    const signedIn = await post("/api/auth/callback/credentials", login.cookie, { csrfToken: login.token, email: user.email, password: user.password });
    const session = signedIn.headers
      .getSetCookie()
      .find((c) => c.includes("session-token="))
      ?.split(";")[0];
    expect(session, `sign-in answered ${signedIn.status}`).toBeDefined();
    const copied = session!;
    expect((await fetch(`${base}/api/jobs`, { headers: { cookie: copied } })).status).toBe(200);

    const out = await csrf(copied);
    expect((await post("/api/auth/signout", out.cookie, { csrfToken: out.token })).status).toBe(302);

    const afterSignOut = await fetch(`${base}/api/jobs`, { headers: { cookie: copied } });
    expect(afterSignOut.status).toBe(401);
    expect((await afterSignOut.json()).error.code).toBe("unauthorized");
    const page = await fetch(`${base}/review`, { headers: { cookie: copied }, redirect: "manual" });
    expect(page.headers.get("location") ?? "").toMatch(/\/login(\?|$)/);
  }, 60_000);
});
