import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { getDb } from "../lib/db/client";
import { deleteProject, makeProject, makeUser, uniqueName } from "../lib/testing/factories";
import { listRouteMethods } from "../lib/testing/app-surface";
import { rawRequest } from "../lib/testing/raw-http";
import { buildIfStale } from "./build-stamp";
import { signInOverHttp } from "../lib/testing/sign-in-over-http";
import { freePort } from "../lib/testing/free-port";
import { isHealthy, startBuiltServer, stopBuiltServer, waitUntilHealthy } from "../lib/testing/built-server";

// The built web server (scripts/serve.ts, what npm start runs) over real HTTP: request bodies at and
// past their limits, declared but never sent, stalled. (The client address the sign-in throttle
// counts: scripts/serve-throttle.int.test.ts, which times nothing and runs with the other files.)
const root = path.resolve(import.meta.dirname, "..");
// Taken once the build is done, just before the server starts.
let port = 0;
let base = "";
const idleSeconds = 2;
const db = getDb();
const MIB = 1024 * 1024;
let project: { id: string; slug: string };
let apiKey: string;
let cookie: string;


let server: ChildProcess;
beforeAll(async () => {
  expect(buildIfStale(root), "next build failed").toBe(true);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  project = await makeProject(db, "serve");
  const admin = await makeUser(db, { projectId: project.id, role: "admin" });
  apiKey = (await createApiKey(db, { projectId: project.id, name: "serve", actor: { userId: admin.id, label: admin.email } })).key;
  server = startBuiltServer(port, { GOODHART_BODY_IDLE_SECONDS: String(idleSeconds) });
  await waitUntilHealthy(base);
  const signedIn = await signInOverHttp(base, admin.email, admin.password);
  if (!signedIn.cookie) throw new Error(`sign-in failed: ${signedIn.code}`);
  cookie = signedIn.cookie;
}, 600_000);
afterAll(async () => {
  if (server) await stopBuiltServer(server);
  await deleteProject(db, project.id);
});

const json = (value: unknown) => JSON.stringify(value);
const documentOf = (bytes: number) => json({ name: uniqueName("big"), contentType: "text/plain", text: "The refund window is thirty days. ".repeat(Math.ceil(bytes / 34)).slice(0, bytes), mine: false });
const keyHeaders = () => ({ authorization: `Bearer ${apiKey}`, "content-type": "application/json" });

describe("request bodies over real HTTP", () => {
  it("stores a 20 MiB document, whole, and refuses a 30 MiB one with 413 naming the limit", async () => {
    const body = documentOf(20 * MIB);
    const stored = await fetch(`${base}/api/v1/documents`, { method: "POST", headers: keyHeaders(), body });
    expect(stored.status, await stored.clone().text()).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    expect((await db.document.findUniqueOrThrow({ where: { id } })).content.length).toBe(20 * MIB);

    const refused = await fetch(`${base}/api/v1/documents`, { method: "POST", headers: keyHeaders(), body: documentOf(30 * MIB) });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: { code: "payload_too_large", message: expect.stringContaining("24.0 MiB limit") } });
  }, 120_000);

  it("answers a declared 1 TiB body within 1 s on every route that takes one, before reading it", async () => {
    const writes = listRouteMethods().filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !r.route.startsWith("auth/"));
    const answers: Array<{ route: string; status: number; ms: number }> = [];
    for (const route of writes) {
      // "x" for every id; name, run and file are the upload routes' query (others ignore them).
      const url = `${base}/api/${route.route.replace(/\[\.{0,3}(\w+)\]/g, "x")}?name=upload.jsonl&run=imported&file=metrics.csv`;
      const isRaw = readFileSync(route.file, "utf8").includes('body: "raw"');
      const headers: Record<string, string> = route.route.startsWith("v1/")
        ? { ...keyHeaders(), "content-length": String(2 ** 40) }
        : { cookie, origin: base, "content-type": isRaw ? "application/octet-stream" : "application/json", "content-length": String(2 ** 40) };
      const answer = await rawRequest(url, { method: route.method, headers });
      answers.push({ route: `${route.method} ${route.route}`, status: answer.status, ms: answer.ms });
    }
    for (const answer of answers) {
      expect(answer.ms, answer.route).toBeLessThan(1_000);
      expect(answer.status, answer.route).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.route).toBeLessThan(500);
    }
    // Routes whose body is read with no id to look up first refuse the declared length itself.
    const refused = new Set(answers.filter((a) => a.status === 413).map((a) => a.route));
    for (const route of ["POST v1/documents", "POST v1/traces", "POST v1/otel/v1/traces", "POST v1/reward", "POST v1/runs", "POST documents", "POST traces/import", "POST runs/import"]) {
      expect(refused, route).toContain(route);
    }
  }, 120_000);

  it("refuses a chunked body with 413 once it passes the limit, undeclared", async () => {
    const chunk = Buffer.alloc(MIB, 0x20);
    const answer = await rawRequest(`${base}/api/v1/traces`, {
      headers: keyHeaders(),
      send: async (write) => {
        for (let i = 0; i < 64; i++) if (!(await write(chunk))) return "stall";
        return "end";
      },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "payload_too_large", message: expect.stringContaining("32.0 MiB limit") } });
  }, 60_000);

  it("closes a stalled body with 408 after the idle time, and never reports a cut body as bad JSON", async () => {
    const answer = await rawRequest(`${base}/api/v1/documents`, {
      headers: { ...keyHeaders(), "content-length": "100000" },
      send: async (write) => {
        await write(Buffer.from('{"name": "stalled", "text": "The refund window'));
        return "stall";
      },
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "request_timeout", message: expect.stringContaining(`no byte arrived for ${idleSeconds} s`) } });
    expect(answer.ms).toBeGreaterThanOrEqual(idleSeconds * 1000 - 100);
    expect(await isHealthy(base)).toBe(true);
  }, 30_000);
});
