import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { currentProvider, getDb } from "../lib/db/client";
import { ensureProject } from "../lib/projects/find-project";
import { makeUser } from "../lib/testing/factories";
import { waitFor } from "../lib/testing/wait-for";
import { sessionCookieOverHttp } from "../lib/testing/sign-in-over-http";
import { freePorts } from "../lib/testing/free-port";

// npm start as a user runs it, against this project's database: health, sign-in, API key, a clean
// stop on SIGTERM, and a restart that keeps the data.
const root = path.resolve(import.meta.dirname, "..");
const provider = currentProvider();
const [port, rewardPort] = await freePorts(2);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "goodhart-start-"));
const db = getDb();

function startApp(extraEnv: Record<string, string | undefined> = {}): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), GOODHART_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function health() {
  const response = await fetch(`${base}/api/health`).catch(() => null);
  return response?.ok ? response.json() : null;
}

async function stop(child: ChildProcess) {
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

describe(`npm start on ${provider}`, () => {
  let user: Awaited<ReturnType<typeof makeUser>>;
  let key: string;
  beforeAll(async () => {
    const project = await ensureProject(db, "default", "Default project");
    user = await makeUser(db, { projectId: project.id, role: "reviewer" });
    key = (await createApiKey(db, { projectId: project.id, name: "start-test", actor: systemActor })).key;
  });
  afterAll(async () => {
    await db.user.delete({ where: { id: user.id } }).catch(() => undefined);
  });

  it("serves health, sessions and API keys, stops cleanly, and keeps its data across a restart; with GOODHART_REWARD_PORT, the reward server too", async () => {
    for (const round of [1, 2]) {
      // The second start also runs the reward server beside the web app.
      const app = startApp(round === 2 ? { GOODHART_REWARD_PORT: String(rewardPort) } : {});
      try {
        const status = await waitFor(health, 240_000, 500).catch((error) => {
          throw new Error(`${error.message}\n${app.output()}`);
        });
        expect(status).toEqual({ status: "ok", db: provider });

        const cookie = await sessionCookieOverHttp(base, user.email, user.password);
        const jobs = await fetch(`${base}/api/jobs`, { headers: { cookie } });
        expect(jobs.status, `round ${round}`).toBe(200);
        const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
        expect(me.status, `round ${round}`).toBe(200);
        if (round === 2) {
          const rewardHealth = await waitFor(() => fetch(`http://127.0.0.1:${rewardPort}/api/health`).then((r) => (r.ok ? r.json() : null), () => null), 60_000, 250);
          expect(rewardHealth).toMatchObject({ status: "ok" });
          const reward = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${rewardPort}/api/v1/reward`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ rollouts: "none" }) });
          expect((await reward({})).status).toBe(401);
          const refused = await reward({ authorization: `Bearer ${key}` });
          expect(refused.status).toBe(400);
          expect(JSON.stringify(await refused.json())).toContain("rollouts");
        }
      } finally {
        expect(await stop(app.child)).toBe(0);
      }
      expect(await health()).toBeNull();
      if (round === 2) expect(await fetch(`http://127.0.0.1:${rewardPort}/api/health`).then(() => "answered", () => "closed")).toBe("closed");
    }
  }, 600_000);

  // The reported failure: a new SQLite file in a folder that already exists (a reset, a volume).
  it.runIf(provider === "sqlite")("starts on a new SQLite file in an existing folder", async () => {
    const file = path.join(dataDir, "fresh.db");
    // Without the NODE_ENV=test this test runs under, as a user's shell starts it.
    const app = startApp({ DATABASE_URL: `file:${file}`, GOODHART_SKIP_DEMO: "1", NODE_ENV: undefined });
    try {
      const status = await waitFor(health, 240_000, 500).catch((error) => {
        throw new Error(`${error.message}\n${app.output()}`);
      });
      expect(status).toEqual({ status: "ok", db: "sqlite" });
      expect(app.output()).toContain("applied database migrations");
    } finally {
      expect(await stop(app.child)).toBe(0);
    }
    // The first admin's password is hashed at the cost people's passwords get.
    const stored = new Database(file, { readonly: true });
    try {
      expect(stored.prepare(`SELECT "passwordHash" FROM "User"`).pluck().all()).toEqual([expect.stringMatching(/^\$2[aby]\$12\$/)]);
    } finally {
      stored.close();
    }
  }, 600_000);
});
