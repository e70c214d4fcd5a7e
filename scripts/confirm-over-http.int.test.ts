import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { currentProvider, getDb } from "../lib/db/client";
import { createJudge } from "../lib/judges/save-judge";
import { detectEdgeCases } from "../lib/review/detect-edge-cases";
import { deleteProject, makeProject, makeUser, uniqueName } from "../lib/testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../lib/testing/llm-test-server";
import { seedJudgedTraces } from "../lib/testing/seed-judged-traces";
import { sessionCookieOverHttp } from "../lib/testing/sign-in-over-http";
import { waitFor } from "../lib/testing/wait-for";
import { freePort } from "../lib/testing/free-port";

// Confirming a hack case over real HTTP, against the app as `npm start` runs it (web server and one
// worker), with the project's llm judge pointed at a test double that holds every answer until the
// test releases it: the decision answers while no judge call can have been answered, so it provably
// does not wait on the judge; after the release the worker's hacks.induce job fills the check and its
// figures, on the API and on /hacks. Then the confirm latency over HTTP, with that judge configured.
const root = path.resolve(import.meta.dirname, "..");
const provider = currentProvider();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "goodhart-confirm-http-"));
const db = getDb();
const timedConfirms = 20;

let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
const judge = await startLlmTestServer(() => ({ until: released, body: chatCompletion(JSON.stringify({ answer: "yes", evidence: "the reply claims a refund" })) }));
const disallow = allowJudgeBaseUrls(judge.url);

type Desk = { projectId: string; key: string; reviewer: { email: string; password: string } };
const desks: Desk[] = [];
let app: ChildProcess;
let appOutput = "";

/** A project with a reviewer's API key, the llm judge on the double, and a review queue with a suspected-hack case. */
async function makeDesk(): Promise<Desk> {
  const { id: projectId } = await makeProject(db, "confirm-http");
  const reviewer = await makeUser(db, { projectId, role: "reviewer" });
  const { key } = await createApiKey(db, { projectId, name: "confirm-http", actor: { userId: reviewer.id, label: reviewer.email } });
  await createJudge(db, { projectId, input: { name: uniqueName("gpt"), config: { kind: "llm", provider: "openai", baseUrl: `${judge.url}/v1`, model: "test-model", maxRetries: 0 } } });
  const { traceIds } = await seedJudgedTraces(db, { projectId });
  await detectEdgeCases(db, { projectId, traceIds });
  return { projectId, key, reviewer };
}

async function api<T>(desk: Desk, method: "GET" | "POST", url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/api/v1${url}`, { method, headers: { authorization: `Bearer ${desk.key}`, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, body: (await response.json()) as T };
}

type Hack = { id: string; induction: string; check: unknown; precision: number | null; recall: number | null };
const hackOf = async (desk: Desk, id: string) => (await api<{ hacks: Hack[] }>(desk, "GET", "/hacks")).body.hacks.find((h) => h.id === id)!;
const topHackCase = async (desk: Desk) => (await api<{ edgeCases: Array<{ id: string; title: string }> }>(desk, "GET", "/edge-cases?status=open&kind=suspected_hack&limit=1")).body.edgeCases[0]!;
const confirm = (desk: Desk, caseId: string) => api<{ knownHackId: string }>(desk, "POST", `/edge-cases/${caseId}/decision`, { decision: "confirm_hack", note: "confirm over http" });

beforeAll(async () => {
  for (let i = 0; i <= timedConfirms; i += 1) desks.push(await makeDesk());
  app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), GOODHART_DATA_DIR: dataDir, GOODHART_JUDGE_BASE_URLS: judge.url, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout!.on("data", (chunk) => (appOutput += chunk));
  app.stderr!.on("data", (chunk) => (appOutput += chunk));
  // A stale build is rebuilt first (minutes on a shared machine).
  await waitFor(() => fetch(`${base}/api/health`).then((r) => r.ok, () => false), 900_000, 500).catch((error: Error) => {
    throw new Error(`${error.message}\n${appOutput}`);
  });
}, 960_000);

afterAll(async () => {
  release();
  if (app) {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  for (const desk of desks) await deleteProject(db, desk.projectId);
  await judge.close();
  disallow();
}, 120_000);

describe(`confirming a hack case over HTTP with an llm judge configured (${provider})`, () => {
  it("answers 200 while every judge call is held; after the release the hacks.induce job's check and figures appear on the API and /hacks", async () => {
    const [desk] = desks;
    const hackCase = await topHackCase(desk!);
    expect(hackCase.title).toMatch(/claims a refund without calling the refund tool/);

    const decided = await confirm(desk!, hackCase.id);
    expect(decided.status).toBe(200);
    expect(judge.answered()).toBe(0);
    const knownHackId = decided.body.knownHackId;
    expect(await hackOf(desk!, knownHackId)).toMatchObject({ induction: "measuring", check: null, precision: null, recall: null });

    // The worker's job reaches the judge and waits on it: still measuring, on the API and on /hacks.
    await waitFor(async () => judge.requests.length > 0, 120_000, 100);
    expect(judge.answered()).toBe(0);
    expect(await hackOf(desk!, knownHackId)).toMatchObject({ induction: "measuring", check: null });
    const cookie = await sessionCookieOverHttp(base, desk!.reviewer.email, desk!.reviewer.password);
    const hacksPage = () => fetch(`${base}/hacks`, { headers: { cookie } }).then((r) => r.text());
    expect(await hacksPage()).toContain("Check: measuring");

    release();
    const done = await waitFor(async () => {
      const hack = await hackOf(desk!, knownHackId);
      return hack.induction === "measuring" ? null : hack;
    }, 120_000, 250);
    expect(done).toMatchObject({ induction: "done", precision: 1, recall: 1, check: { kind: expect.any(String) } });
    expect(judge.answered()).toBeGreaterThan(0);
    const page = await hacksPage();
    expect(page).not.toContain("Check: measuring");
    expect(page).toMatch(/Precision <strong>100\.0%<\/strong> · recall <strong>100\.0%<\/strong>/);
    expect(page).toContain("Also proposed, an LLM question");
  }, 300_000);

  it(`measures the confirm decision's latency over HTTP on ${timedConfirms} cases, each project with the llm judge configured`, async () => {
    // Beside each confirm, the same key's GET /api/v1/me: what any authenticated request costs on this machine at this moment.
    const [confirms, baseline]: [number[], number[]] = [[], []];
    const timed = async <T>(into: number[], request: () => Promise<T>) => {
      const started = performance.now();
      const result = await request();
      into.push(performance.now() - started);
      return result;
    };
    for (const desk of desks.slice(1)) {
      const { id } = await topHackCase(desk);
      expect((await timed(baseline, () => api(desk, "GET", "/me"))).status).toBe(200);
      expect((await timed(confirms, () => confirm(desk, id))).status).toBe(200);
    }
    const quantiles = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      return { p50: at(0.5), p95: at(0.95) };
    };
    const [c, b] = [quantiles(confirms), quantiles(baseline)];
    console.info(
      `confirm over HTTP (${provider}), ${confirms.length} decisions, llm judge configured: p50 ${c.p50.toFixed(0)} ms, p95 ${c.p95.toFixed(0)} ms; ` +
        `GET /api/v1/me beside them: p50 ${b.p50.toFixed(0)} ms, p95 ${b.p95.toFixed(0)} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`,
    );
  }, 300_000);
});
