import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { getDb, providerOfDb } from "../lib/db/client";
import { MAX_DOCUMENT_BODY_BYTES } from "../lib/documents/document-input-schema";
import { MAX_OTLP_RECORDS_PER_EXPORT, MAX_OTLP_TRACES_PER_EXPORT } from "../lib/ingest/limits";
import { MAX_API_BODY_BYTES } from "../lib/http/body-limits";
import { seedLabRubrics } from "../lib/lab/seed-lab-rubrics";
import { MAX_ROLLOUTS_PER_REQUEST } from "../lib/reward/reward-request-schema";
import { MAX_METRIC_POINTS_PER_REQUEST } from "../lib/runs/run-intake-schemas";
import { assemblePdf, buildSharedStreamPdf, deflateBomb, pdfTextContent } from "../lib/testing/build-pdf";
import { deleteProject, makeProject, makeUser, uniqueName } from "../lib/testing/factories";
import { rawRequest } from "../lib/testing/raw-http";
import { buildIfStale } from "./build-stamp";
import { sessionCookieOverHttp } from "../lib/testing/sign-in-over-http";
import { freePort } from "../lib/testing/free-port";
import { startBuiltServer, stopBuiltServer, waitUntilHealthy } from "../lib/testing/built-server";

// Memory per request, against the built web server (scripts/serve.ts, what npm start runs): the worst
// input of every route that takes a big body, each at its route's limit, one after another on one
// server. The server's resident memory must stay under `budgetMb` throughout and /api/health must
// answer within 1 s meanwhile, asked continuously. PDFs are read in child processes with their own cap (384 MB each,
// lib/documents/pdf-text-process.mjs); they are not counted here, only the web process is.
const budgetMb = 1_500;
const root = path.resolve(import.meta.dirname, "..");
// Taken once the build is done, just before the server starts.
let port = 0;
let base = "";
const db = getDb();
const MIB = 1024 * 1024;
let project: { id: string; slug: string };
let apiKey: string;
let cookie: string;
let rubricVersionId: string;
let runId: string;
let server: ChildProcess;

/** The process's resident memory; 0 once it has exited. */
function residentMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  } catch {
    return 0;
  }
}

beforeAll(async () => {
  expect(buildIfStale(root), "next build failed").toBe(true);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  project = await makeProject(db, "memory");
  const admin = await makeUser(db, { projectId: project.id, role: "admin" });
  apiKey = (await createApiKey(db, { projectId: project.id, name: "memory", actor: { userId: admin.id, label: admin.email } })).key;
  rubricVersionId = (await seedLabRubrics(db, { projectId: project.id })).rubricVersionId;
  runId = (await db.trainingRun.create({ data: { projectId: project.id, name: uniqueName("memory-run"), trainer: "external" } })).id;
  server = startBuiltServer(port);
  server.once("exit", (code, signal) => console.log(`[memory] the web server exited: ${code ?? signal}`));
  await waitUntilHealthy(base);
  cookie = await sessionCookieOverHttp(base, admin.email, admin.password);
}, 600_000);
afterAll(async () => {
  if (server) await stopBuiltServer(server);
  if (project) await deleteProject(db, project.id);
});

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** `make(i)` repeated until the JSON array of them is as long as it can be within `bytes`. */
function fillArray(bytes: number, make: (i: number) => unknown, max = Infinity): unknown[] {
  const items: unknown[] = [];
  let size = 2;
  for (let i = 0; i < max; i++) {
    const item = make(i);
    const length = JSON.stringify(item).length + 1;
    if (size + length > bytes) break;
    items.push(item);
    size += length;
  }
  return items;
}
const text = (bytes: number, seed: string) => `${seed} `.repeat(Math.ceil(bytes / (seed.length + 1))).slice(0, bytes);
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

type Case = {
  label: string;
  path: string;
  /**
   * declared: only the headers, saying the body is this long, then the answer is awaited. A server that
   * refuses a body by its Content-Length answers and closes without reading it, and bytes still in
   * flight then make the close a reset, which can reach the client before the answer does (seen on
   * some machines as EPIPE): what is refused unread is better declared than sent.
   */
  body: Buffer | { chunk: Buffer; times: number } | { declared: number };
  headers?: Record<string, string>;
  session?: boolean;
  status: number[];
  /** Set where /api/health within 1 s is not met yet, saying why; its probes must still all be answered. */
  healthNotMetYet?: string;
};

// Issue 21, item 5, not met yet for these: the route reads the whole body, then decodes, parses,
// checks and stores it in synchronous stretches that grow with the body (JSON.parse of 32 MiB alone
// is one), so /api/health waits for them. docs/api.md ("Memory per request") gives the figures.
const wholeBodyParsed = "the whole body is parsed, checked and stored in synchronous stretches";

/** The worst input of each route at its limit; the bodies are built before the server is watched. */
async function worstInputs(): Promise<Case[]> {
  const room = (limit: number) => limit - 64 * 1024;
  const oneLine = pdfTextContent(["x"]);
  const pdf = (label: string, bytes: Buffer, ...status: number[]): Case => ({
    label: `document: ${label}`,
    path: "/api/v1/documents",
    body: json({ name: `${label}.pdf`, base64: bytes.toString("base64"), mine: false }),
    status,
    healthNotMetYet: wholeBodyParsed,
  });
  const otlpSpan = (i: number) => ({
    traceId: hex(Math.floor(i / 50) + 1, 32),
    spanId: hex(i + 1, 16),
    name: "chat gpt-4o",
    startTimeUnixNano: String(1767225600000000000n + BigInt(i) * 1000000n),
    endTimeUnixNano: String(1767225600000000000n + BigInt(i) * 1000000n + 500000n),
    attributes: [
      { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
      { key: "gen_ai.input.messages", value: { stringValue: JSON.stringify([{ role: "user", parts: [{ type: "text", content: `Question ${i}?` }] }]) } },
      { key: "gen_ai.output.messages", value: { stringValue: JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: `Answer ${i}: ${reply.slice(0, 3_000)}` }] }]) } },
    ],
  });
  const otlp = (spans: unknown[]) => json({ resourceSpans: [{ resource: { attributes: [{ key: "service.name", value: { stringValue: "memory" } }] }, scopeSpans: [{ spans }] }] });
  const reply = text(3_900, "The refund was issued for order A1234 and the customer was told.");
  return [
    pdf("arrays nested 100,000 deep", buildSharedStreamPdf({ pages: 1, content: oneLine, pageExtra: `/Junk ${"[".repeat(100_000)}${"]".repeat(100_000)} ` }), 400),
    pdf("dictionaries nested 50,000 deep", buildSharedStreamPdf({ pages: 1, content: oneLine, pageExtra: `/Junk ${"<< /A ".repeat(50_000)}${">> ".repeat(50_000)} ` }), 400),
    pdf("a page tree with a cycle", assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"]), 400),
    pdf("a 512 MB flate bomb", buildSharedStreamPdf({ pages: 1, content: await deflateBomb(512), filter: "deflated" }), 422),
    // Runs the reader into its 30 s time limit before it reaches the 8 MiB text cap. No database is
    // read or written for it, so it runs on SQLite only, not again on PostgreSQL.
    ...(providerOfDb(db) === "sqlite"
      ? [pdf("2,000 pages sharing one 8 MB text stream", buildSharedStreamPdf({ pages: 2_000, content: pdfTextContent(Array.from({ length: 1_000 }, (_, i) => `Shared line ${i} ${text(8_000, "of the one stream every page draws")}`)) }), 201, 422)]
      : []),
    { label: "document: text at the limit", path: "/api/v1/documents", body: json({ name: uniqueName("big"), contentType: "text/plain", text: text(room(MAX_DOCUMENT_BODY_BYTES), "The refund window is thirty days."), mine: false }), status: [201], healthNotMetYet: wholeBodyParsed },
    { label: "document: HTML of a million nested tags", path: "/api/v1/documents", body: json({ name: uniqueName("nested"), contentType: "text/html", text: `${"<div>".repeat(1_000_000)}deep text${"</div>".repeat(1_000_000)}`, mine: false }), status: [201], healthNotMetYet: wholeBodyParsed },
    { label: "document: over the limit", path: "/api/v1/documents", body: { declared: MAX_DOCUMENT_BODY_BYTES + MIB }, status: [413] },
    { label: "OTLP: tiny spans at the byte limit, past the span cap", path: "/api/v1/otel/v1/traces", body: otlp(fillArray(room(MAX_API_BODY_BYTES), (i) => ({ traceId: hex(i + 1, 32), spanId: hex(i + 1, 16), name: "GET /" }))), status: [400], healthNotMetYet: wholeBodyParsed },
    { label: "OTLP: 50,000 tiny spans in 10,000 traces (the caps)", path: "/api/v1/otel/v1/traces", body: otlp(Array.from({ length: MAX_OTLP_RECORDS_PER_EXPORT }, (_, i) => ({ traceId: hex((i % MAX_OTLP_TRACES_PER_EXPORT) + 1, 32), spanId: hex(i + 1, 16), name: "GET /" }))), status: [200] },
    { label: "OTLP: GenAI spans at the limit", path: "/api/v1/otel/v1/traces", body: otlp(fillArray(room(MAX_API_BODY_BYTES), otlpSpan)), status: [200] },
    { label: "OTLP: gzip that inflates past the limit", path: "/api/v1/otel/v1/traces", body: gzipSync(otlp(fillArray(MAX_API_BODY_BYTES * 2, otlpSpan))), headers: { "content-encoding": "gzip" }, status: [413] },
    {
      label: "trace batch at the limit",
      path: "/api/v1/traces",
      body: json({ traces: fillArray(room(MAX_API_BODY_BYTES), (i) => ({ externalId: uniqueName(`batch-${i}`), steps: Array.from({ length: 20 }, (_, s) => ({ role: s % 2 ? "assistant" : "user", content: `Step ${s}: ${reply.slice(0, 1_500)}` })) })) }),
      status: [200],
      healthNotMetYet: wholeBodyParsed,
    },
    { label: "trace batch of 11 million empty records", path: "/api/v1/traces", body: json({ traces: fillArray(room(MAX_API_BODY_BYTES), () => ({})) }), status: [413], healthNotMetYet: wholeBodyParsed },
    { label: "trace batch as JSONL of tiny lines, past the count cap", path: "/api/v1/traces?format=openai", body: Buffer.from("{}\n".repeat(Math.floor(room(MAX_API_BODY_BYTES) / 3))), status: [400], healthNotMetYet: wholeBodyParsed },
    { label: "metric points at the per-request cap", path: `/api/v1/runs/${runId}/metrics`, body: json({ points: fillArray(room(MAX_API_BODY_BYTES), (i) => ({ step: i, name: `metric/${"n".repeat(180)}`, value: i / 7 }), MAX_METRIC_POINTS_PER_REQUEST) }), status: [200] },
    { label: "metric points: a million, past the cap", path: `/api/v1/runs/${runId}/metrics`, body: json({ points: fillArray(room(MAX_API_BODY_BYTES), (i) => ({ step: i, name: "m", value: 1 })) }), status: [400], healthNotMetYet: wholeBodyParsed },
    { label: "reward batch of 11 million empty arrays", path: "/api/v1/reward", body: json({ rubricVersionId, rollouts: fillArray(room(MAX_API_BODY_BYTES), () => []) }), status: [413], healthNotMetYet: wholeBodyParsed },
    {
      label: "metric file (CSV) at the byte limit, past the point cap",
      path: `/api/runs/import?run=${uniqueName("csv")}&file=metrics.csv`,
      session: true,
      body: Buffer.from(`step,reward,kl\n${Array.from({ length: Math.floor(room(MAX_API_BODY_BYTES) / 24) }, (_, i) => `${i},${(i / 1e6).toFixed(6)},0.012`).join("\n")}`.slice(0, room(MAX_API_BODY_BYTES))),
      headers: { "content-type": "text/csv" },
      status: [400],
      healthNotMetYet: wholeBodyParsed,
    },
    { label: "reward batch at the limit", path: "/api/v1/reward", body: json({ rubricVersionId, rollouts: fillArray(room(MAX_API_BODY_BYTES), (i) => ({ prompt: `Refund order A${i}?`, completion: reply }), MAX_ROLLOUTS_PER_REQUEST) }), status: [200] },
    { label: "Import dialog upload of 256 MiB (streamed into the database)", path: "/api/traces/import?name=upload.jsonl", session: true, body: { chunk: Buffer.from(`${JSON.stringify({ steps: [{ role: "user", content: reply.slice(0, 1000) }] })}\n`.repeat(1024)), times: 256 * MIB / (1024 * 1037) }, headers: { "content-type": "application/octet-stream" }, status: [202] },
  ];
}

async function send(c: Case): Promise<{ status: number; body: string }> {
  const auth: Record<string, string> = c.session ? { cookie, origin: base } : { authorization: `Bearer ${apiKey}` };
  const headers: Record<string, string> = { "content-type": "application/json", ...auth, ...c.headers };
  if (Buffer.isBuffer(c.body)) {
    // Over a socket of its own, with the answer read even when the server answers before the body is all sent.
    const body = c.body;
    return rawRequest(`${base}${c.path}`, {
      headers: { ...headers, "content-length": String(body.length) },
      send: async (write) => {
        for (let offset = 0; offset < body.length; offset += MIB) if (!(await write(body.subarray(offset, offset + MIB)))) return "stall";
        return "end";
      },
    });
  }
  if ("declared" in c.body) {
    return rawRequest(`${base}${c.path}`, { headers: { ...headers, "content-length": String(c.body.declared) }, send: async () => "stall" });
  }
  const { chunk, times } = c.body;
  const answer = await rawRequest(`${base}${c.path}`, {
    headers,
    send: async (write) => {
      for (let i = 0; i < times; i++) if (!(await write(chunk))) return "stall";
      return "end";
    },
  });
  return answer;
}

/** The slowest /api/health answer (ms) seen while each input was being sent and answered. */
type HealthWatch = { slowestMs: Map<string, number>; answers: number; failures: string[]; slow: { ms: number; during: string[] }[] };

/**
 * Asks /api/health again as soon as it has answered, on a socket of its own each time (a pooled
 * keep-alive socket the server has just closed is no answer about the server), and charges each
 * answer's latency to every input that was under way while it waited (`currentIndex` into `labels`,
 * which start and end with the idle server). `settled()` resolves once a probe that started after
 * the call has been answered: what the server still does for an input after answering it is
 * charged to that input, not to the next.
 */
function watchHealth(labels: string[], currentIndex: () => number) {
  const watch: HealthWatch = { slowestMs: new Map(), answers: 0, failures: [], slow: [] };
  let done = false;
  let probes = 0;
  const waiting: { after: number; resolve: () => void }[] = [];
  const loop = (async () => {
    while (!done) {
      const probe = ++probes;
      const startedDuring = currentIndex();
      const started = performance.now();
      const ok = await rawRequest(`${base}/api/health`, { method: "GET", send: async () => "end" }).then((answer) => answer.status === 200, () => false);
      const ms = performance.now() - started;
      const during = labels.slice(startedDuring, currentIndex() + 1);
      for (const label of during) {
        watch.slowestMs.set(label, Math.max(watch.slowestMs.get(label) ?? 0, ms));
        if (!ok) watch.failures.push(`during ${label}`);
      }
      if (ms >= 1_000) watch.slow.push({ ms, during });
      watch.answers++;
      for (const wait of waiting.filter((w) => w.after < probe)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
    }
  })();
  return {
    watch,
    settled: () => new Promise<void>((resolve) => waiting.push({ after: probes, resolve })),
    stop: async () => {
      done = true;
      await loop;
    },
  };
}

describe("memory per request on the built server", () => {
  it(`keeps the web process under ${budgetMb} MB resident with every route's worst input, and /api/health answers within 1 s throughout`, async () => {
    const cases = await worstInputs();
    const pid = server.pid!;
    const startMb = residentMb(pid);
    let peakMb = startMb;
    const labels = ["idle before", ...cases.map((c) => c.label), "idle after"];
    let current = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), 20);
    const health = watchHealth(labels, () => current);
    try {
      for (const [i, c] of cases.entries()) {
        const before = peakMb;
        peakMb = residentMb(pid);
        const started = performance.now();
        current = i + 1;
        const answer = await send(c);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        await health.settled();
        console.log(`[memory] ${c.label}: ${answer.status} in ${seconds} s, peak ${Math.round(peakMb)} MB, slowest /api/health ${Math.round(health.watch.slowestMs.get(c.label) ?? 0)} ms`);
        expect(c.status, `${c.label}: ${answer.status} ${answer.body.slice(0, 300)}`).toContain(answer.status);
        peakMb = Math.max(before, peakMb);
      }
      current = labels.length - 1;
      await health.settled();
    } finally {
      clearInterval(sampler);
      await health.stop();
      console.log(`[memory] started at ${Math.round(startMb)} MB, peak ${Math.round(peakMb)} MB; ${health.watch.answers} /api/health answers, the slowest while each input was under way:`);
      for (const label of labels) console.log(`[memory]   ${Math.round(health.watch.slowestMs.get(label) ?? 0)} ms  ${label}`);
      for (const { ms, during } of health.watch.slow) console.log(`[memory] slow /api/health: ${Math.round(ms)} ms during ${during.join(" and ")}`);
    }
    expect(peakMb).toBeLessThan(budgetMb);
    expect(health.watch.failures).toEqual([]);
    const notMetYet = new Set(cases.filter((c) => c.healthNotMetYet).map((c) => c.label));
    const slowElsewhere = health.watch.slow.filter(({ during }) => during.some((label) => !notMetYet.has(label)));
    expect(slowElsewhere.map(({ ms, during }) => `${Math.round(ms)} ms during ${during.join(" and ")}`), "/api/health answered in 1 s or more").toEqual([]);
    // Every input was probed while it was under way, not only between inputs.
    expect(labels.filter((label) => !health.watch.slowestMs.has(label))).toEqual([]);
  }, 900_000);
});
