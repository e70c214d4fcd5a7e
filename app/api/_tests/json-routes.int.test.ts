import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { MAX_DOCUMENT_BODY_BYTES } from "@/lib/documents/document-input-schema";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { MAX_JSON_BODY_BYTES } from "@/lib/json/json-limits";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { listRouteMethods } from "@/lib/testing/app-surface";
import { deleteProject, makeProject, makeUser, uniqueName } from "@/lib/testing/factories";

// Every POST route under app/api, found on disk, gets the hostile bodies: a route added later
// fails here until it is listed below with how it reads its body.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "" }));
// next-auth does not load under vitest; its own route gets stand-in handlers (it is not a JSON route).
vi.mock("@/lib/next/auth", () => ({
  auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null),
  handlers: { GET: async () => new Response(null, { status: 204 }), POST: async () => new Response(null, { status: 204 }) },
}));
vi.mock("@/lib/next/current-project", () => ({ currentProjectSlug: async () => signedIn.projectSlug }));

type Auth = "session" | "key";
type RouteSpec =
  /** The body is one JSON value: anything wrong with it is a 400 or 413 for the whole request. */
  | { kind: "json"; auth: Auth; maxBytes: number; query?: string }
  /** A batch of traces: a bad record is rejected with its index and the others are stored. */
  | { kind: "batch"; auth: Auth; maxBytes: number }
  | { kind: "no-body"; auth: Auth }
  | { kind: "not-json"; reason: string };

const routeSpecs: Record<string, RouteSpec> = {
  "auth/[...nextauth]": { kind: "not-json", reason: "next-auth's own form posts, guarded by its CSRF token" },
  documents: { kind: "json", auth: "session", maxBytes: MAX_DOCUMENT_BODY_BYTES },
  "edge-cases/[id]/note": { kind: "json", auth: "session", maxBytes: MAX_JSON_BODY_BYTES },
  "edge-cases/[id]/undo": { kind: "no-body", auth: "session" },
  "edge-cases/assign": { kind: "json", auth: "session", maxBytes: MAX_JSON_BODY_BYTES },
  "edge-cases/decisions": { kind: "json", auth: "session", maxBytes: MAX_JSON_BODY_BYTES },
  "jobs/[id]/cancel": { kind: "no-body", auth: "session" },
  "jobs/[id]/retry": { kind: "no-body", auth: "session" },
  "judges/import": { kind: "json", auth: "session", maxBytes: 64 * 1024 * 1024 },
  "runs/import": { kind: "not-json", reason: "a raw metrics file (CSV, JSONL, JSON, TensorBoard) read with the size limit and imported at once; tested in runs-import-api.int.test.ts" },
  "tasks/grounding": { kind: "json", auth: "session", maxBytes: MAX_JSON_BODY_BYTES },
  "tasks/mine-traces": { kind: "json", auth: "session", maxBytes: MAX_JSON_BODY_BYTES },
  "traces/import": { kind: "not-json", reason: "a raw file upload streamed into the database; the traces.import job reads it with the importers" },
  "v1/[...path]": { kind: "not-json", reason: "no route: the JSON 404 naming the path, whatever the body; tested in unknown-api-route.int.test.ts" },
  "v1/documents": { kind: "json", auth: "key", maxBytes: MAX_DOCUMENT_BODY_BYTES },
  "v1/edge-cases/[id]/decision": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/edge-cases/[id]/undo": { kind: "no-body", auth: "key" },
  "v1/hacks/[id]/decision": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/hacks/[id]/check": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/otel/v1/logs": { kind: "not-json", reason: "OTLP: protobuf or JSON, maybe gzip; tested in otlp-api.int.test.ts with the exporters' own bodies" },
  "v1/otel/v1/metrics": { kind: "not-json", reason: "OTLP metrics: protobuf or JSON, read with the size limit and dropped; tested in otlp-api.int.test.ts" },
  "v1/otel/v1/traces": { kind: "batch", auth: "key", maxBytes: MAX_API_BODY_BYTES },
  "v1/redteam": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/replay/[id]/score": { kind: "json", auth: "key", maxBytes: 16 * 1024 * 1024 },
  "v1/replay/[id]/tool-call": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/replay/code-tasks": { kind: "json", auth: "key", maxBytes: 16 * 1024 * 1024 },
  "v1/reward": { kind: "json", auth: "key", maxBytes: MAX_API_BODY_BYTES },
  "v1/reward/openrlhf": { kind: "json", auth: "key", maxBytes: MAX_API_BODY_BYTES, query: "?environment=any" },
  "v1/rubric-versions": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/rubric-versions/[id]/approve": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/runs": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/runs/[id]/events": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/runs/[id]/metrics": { kind: "json", auth: "key", maxBytes: MAX_API_BODY_BYTES },
  "v1/tasks/grounding": { kind: "json", auth: "key", maxBytes: MAX_JSON_BODY_BYTES },
  "v1/traces": { kind: "batch", auth: "key", maxBytes: MAX_API_BODY_BYTES },
};

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = { name: string; url: string; post: Handler; spec: RouteSpec };

const apiDir = path.resolve(import.meta.dirname, "..");
const routeFiles = readdirSync(apiDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith("route.ts"))
  .map((file) => path.dirname(file).split(path.sep).join("/"))
  .sort();

const db = getDb();
let project: { id: string; slug: string };
let key: string;
const routes: Route[] = [];
const modules = new Map<string, Partial<Record<string, unknown>>>();
const origin = "http://localhost";

beforeAll(async () => {
  project = await makeProject(db, "json-routes");
  const reviewer = await makeUser(db, { projectId: project.id, role: "admin" });
  Object.assign(signedIn, { userId: reviewer.id, projectSlug: project.slug });
  key = (await createApiKey(db, { projectId: project.id, name: "json-routes", actor: systemActor })).key;
  for (const name of routeFiles) {
    const module = (await import(/* @vite-ignore */ path.join(apiDir, name, "route.ts"))) as { POST?: Handler };
    modules.set(name, module);
    if (!module.POST || !takenMethods(name, module).includes("POST")) continue;
    const spec = routeSpecs[name];
    if (!spec) throw new Error(`app/api/${name}/route.ts takes POST: list it in routeSpecs with how it reads its body`);
    const query = spec.kind === "json" ? (spec.query ?? "") : "";
    routes.push({ name, url: `${origin}/api/${name.replace(/\[[^\]]+\]/g, "unknown-id")}${query}`, post: module.POST, spec });
  }
});
afterAll(() => deleteProject(db, project.id));

const routeMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const catchAll = "v1/[...path]";
/** What a route file takes: its OPTIONS answer's Allow, less the refusals refuseOtherMethods exports for the rest. */
function takenMethods(name: string, module: Partial<Record<string, unknown>>): string[] {
  if (name === catchAll) return routeMethods; // every method is its JSON 404
  const options = module.OPTIONS as () => Response;
  return options().headers.get("allow")!.split(", ").filter((method) => routeMethods.includes(method));
}

const bodyRoutes = () => routes.filter((r): r is Route & { spec: Extract<RouteSpec, { maxBytes: number }> } => "maxBytes" in r.spec);
const jsonRoutes = () => bodyRoutes().filter((r) => r.spec.kind === "json");
const sessionRoutes = () => routes.filter((r) => "auth" in r.spec && r.spec.auth === "session");

function send(route: Route, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  const auth: Record<string, string> = "auth" in route.spec && route.spec.auth === "key" ? { authorization: `Bearer ${key}` } : { origin };
  const init = { method: "POST", headers: { "content-type": "application/json", ...auth, ...headers }, body, duplex: "half" };
  return route.post(new NextRequest(route.url, init as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve({ id: "unknown-id" }) });
}

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String), details: expect.any(Array) } });
  return body.error as { code: string; message: string; details: Record<string, unknown>[] };
}

const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const trace = (externalId: string, extra: string) => `{"externalId": "${externalId}", "steps": [{"role": "user", "content": "hi"${extra}}]}`;

describe("every JSON route", () => {
  it("finds the routes on disk", () => {
    expect(routeFiles).toContain("v1/reward");
    expect(bodyRoutes().map((r) => r.name)).toEqual(expect.arrayContaining(["edge-cases/decisions", "v1/edge-cases/[id]/decision", "v1/reward", "v1/traces"]));
  });

  it("answers JSON nested 10,000 deep with 400 saying where", async () => {
    for (const route of jsonRoutes()) {
      const error = await expectError(await send(route, `{"environment": ${deep(10_000)}}`), 400);
      expect(error.message, route.name).toMatch(/nested deeper than 128 levels/);
      // `{"environment": ` is 16 characters; the 128th "[" opens level 129.
      expect(error.details[0], route.name).toMatchObject({ line: 1, column: 16 + 128, message: expect.stringContaining("at line 1, column 144") });
    }
  });

  it("answers a body of more than 2,000,000 objects and arrays with 413 before building them", async () => {
    const body = `{"environment": [${"[],".repeat(2_000_000)}[]]}`;
    const big = bodyRoutes().filter((r) => r.spec.maxBytes > body.length);
    expect(big.map((r) => r.name)).toEqual(expect.arrayContaining(["v1/traces", "v1/reward", "v1/otel/v1/traces", "v1/documents"]));
    for (const route of big) {
      const error = await expectError(await send(route, body), 413);
      expect(error.message, route.name).toBe("The body holds more than 2000000 JSON objects and arrays (the limit); send smaller batches");
    }
  });

  it("answers malformed JSON and invalid UTF-8 with 400 saying where", async () => {
    for (const route of bodyRoutes()) {
      const malformed = await expectError(await send(route, '{"environment": "a",\n  "rollouts": [1,,2]}'), 400);
      expect(malformed.details[0]?.message, route.name).toContain("invalid JSON at line 2, column 18");
      const bytes = new Uint8Array([...new TextEncoder().encode('{"environment": "'), 0xff, ...new TextEncoder().encode('"}')]);
      const notUtf8 = await expectError(await send(route, bytes), 400);
      expect(notUtf8.details[0]?.message, route.name).toContain("invalid UTF-8 at byte 17");
    }
  });

  it("answers 413 past the limit, by Content-Length before reading and by the bytes actually sent", async () => {
    for (const route of bodyRoutes()) {
      const declared = await expectError(await send(route, "{}", { "content-length": String(route.spec.maxBytes + 1) }), 413);
      expect(declared.code, route.name).toBe("payload_too_large");
      // A body without Content-Length that never ends: the reader must stop at the limit.
      const chunk = new Uint8Array(1024 * 1024).fill(32);
      let sent = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      await expectError(await send(route, endless), 413);
      expect(sent, route.name).toBeLessThanOrEqual(route.spec.maxBytes + 3 * chunk.length);
    }
  });

  it("enforces on each /api/v1 route the limit its OpenAPI operation states", async () => {
    const { paths } = buildOpenApiDocument({ version: "test" });
    const stated = (name: string) => (paths[`/${name.slice(3).replace(/\[(\w+)\]/g, "{$1}")}`]?.post as { requestBody?: { "x-body-limit"?: number } } | undefined)?.requestBody?.["x-body-limit"];
    const v1 = bodyRoutes().filter((r) => r.name.startsWith("v1/"));
    expect(v1.length).toBeGreaterThan(15);
    for (const route of v1) {
      expect(stated(route.name), route.name).toBe(route.spec.maxBytes);
      const refused = await expectError(await send(route, "{}", { "content-length": String(route.spec.maxBytes + 1) }), 413);
      expect(refused.details[0], route.name).toEqual({ limit: route.spec.maxBytes });
    }
    // The OTLP logs and metrics routes read protobuf or JSON themselves, with the same reader.
    for (const name of ["v1/otel/v1/logs", "v1/otel/v1/metrics"]) {
      const route = routes.find((r) => r.name === name)!;
      expect(stated(name), name).toBe(MAX_API_BODY_BYTES);
      const response = await send(route, "{}", { authorization: `Bearer ${key}`, "content-length": String(MAX_API_BODY_BYTES + 1) });
      expect(response.status, name).toBe(413);
    }
  });

  it("answers a lone surrogate with 400 naming the field", async () => {
    for (const route of jsonRoutes()) {
      const error = await expectError(await send(route, '{"environment": "ab\\ud800", "rollouts": []}'), 400);
      expect(error.details[0], route.name).toMatchObject({ path: "environment", message: expect.stringContaining("lone surrogate \\ud800") });
    }
  });
});

describe("every route's methods", () => {
  it("answer a method the route does not take with a JSON 405 and Allow, and OPTIONS with what it takes, as /api/v1's OpenAPI document lists them", async () => {
    const { paths } = buildOpenApiDocument({ version: "test" });
    const methods = routeMethods;
    for (const [name, module] of modules) {
      if (name === catchAll) continue;
      const options = module.OPTIONS as (() => Response) | undefined;
      expect(options, `app/api/${name}/route.ts: export refuseOtherMethods's handlers beside its own`).toBeDefined();
      const allow = options!().headers.get("allow")!;
      const taken = takenMethods(name, module);
      // What the route says it takes is what its source exports as its own handlers.
      const exported = listRouteMethods().filter((route) => route.route === name).map((route) => route.method);
      expect([...taken].sort(), name).toEqual(exported.sort());
      expect(allow, name).toBe([...taken, ...(taken.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", "));
      const url = `${origin}/api/${name.replace(/\[[^\]]+\]/g, "unknown-id")}`;
      for (const method of methods.filter((method) => !taken.includes(method))) {
        const refuse = module[method] as Handler | undefined;
        expect(refuse, `app/api/${name}/route.ts answers no ${method}`).toBeDefined();
        const response = await refuse!(new NextRequest(url, { method, headers: { origin } }), { params: Promise.resolve({ id: "unknown-id" }) });
        const error = await expectError(response, 405);
        expect(error.code, name).toBe("method_not_allowed");
        expect(response.headers.get("allow"), name).toBe(allow);
      }
      if (name.startsWith("v1/")) {
        const operations = Object.keys(paths[`/${name.slice("v1/".length).replace(/\[([^\]]+)\]/g, "{$1}")}`] ?? {}).map((key) => key.toUpperCase());
        expect(operations.filter((method) => methods.includes(method)).sort(), name).toEqual([...taken].sort());
      }
    }
    expect(modules.size).toBeGreaterThan(50);
  });
});

describe("POST /api/v1/traces with one bad record", () => {
  it.each([
    ["nested 10,000 deep", `, "metadata": {"a": ${deep(10_000)}}`, /steps\[0\]\.metadata\.a.*nested deeper than 128 levels/],
    ["holding a lone surrogate", ', "metadata": {"note": "x\\udc00"}', /steps\[0\]\.metadata\.note: is not well-formed UTF-16/],
  ])("rejects the record %s with its index and stores the rest of the batch", async (_case, extra, error) => {
    const route = routes.find((r) => r.name === "v1/traces")!;
    const id = uniqueName("deep");
    const body = `{"traces": [${trace(`${id}-0`, "")}, ${trace(`${id}-1`, extra)}, ${trace(`${id}-2`, "")}]}`;
    const response = await send(route, body);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ accepted: 2, duplicates: 0, rejected: [{ index: 1, error: expect.stringMatching(error) }] });
    const stored = await db.trace.findMany({ where: { projectId: project.id, externalId: { startsWith: id } }, select: { externalId: true } });
    expect(stored.map((t) => t.externalId).sort()).toEqual([`${id}-0`, `${id}-2`]);
  });
});

describe("session routes", () => {
  it("refuse a foreign Origin, and a request with neither Origin nor Sec-Fetch-Site, with 403", async () => {
    for (const route of sessionRoutes()) {
      for (const headers of <Record<string, string>[]>[{ origin: "http://localhost:8080" }, { origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "same-site" }]) {
        const foreign = await expectError(await route.post(new NextRequest(route.url, { method: "POST", headers: { "content-type": "text/plain", ...headers }, body: '{"ids": []}' }), { params: Promise.resolve({ id: "x" }) }), 403);
        expect(foreign.message, route.name).toMatch(/Cross-origin request refused/);
      }
      const bare = new NextRequest(route.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      await expectError(await route.post(bare, { params: Promise.resolve({ id: "x" }) }), 403);
    }
  });

  it("refuse text/plain from their own origin with 415, and accept Sec-Fetch-Site same-origin without an Origin", async () => {
    for (const route of sessionRoutes().filter((r) => r.spec.kind === "json")) {
      const plain = await route.post(new NextRequest(route.url, { method: "POST", headers: { origin, "content-type": "text/plain" }, body: "{}" }), { params: Promise.resolve({ id: "x" }) });
      expect((await expectError(plain, 415)).code, route.name).toBe("unsupported_media_type");
      const sameOrigin: Record<string, string> = { "sec-fetch-site": "same-origin", "content-type": "application/json" };
      const fetched = await route.post(new NextRequest(route.url, { method: "POST", headers: sameOrigin, body: "{" }), { params: Promise.resolve({ id: "x" }) });
      expect((await expectError(fetched, 400)).message, route.name).toBe("The body is not JSON");
    }
  });
});
