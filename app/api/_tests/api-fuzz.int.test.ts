import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { getDb } from "@/lib/db/client";
import { createRng, deriveSeed } from "@/lib/random/prng";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { registerRun } from "@/lib/runs/register-run";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";
import { datasetsDir, assertDatasetsPresent } from "@/lib/testing/datasets-dir";
import { deleteProject, makeEdgeCase, makeProject, makeUser, uniqueName } from "@/lib/testing/factories";
import { loadApiRoutes, type ApiRoute } from "@/lib/testing/fuzz/api-routes";
import { exampleBody } from "@/lib/testing/fuzz/example-bodies";
import { makeFuzzCase, type FuzzCase, type FuzzWorld } from "@/lib/testing/fuzz/fuzz-case";
import { changedCounts, countProjectRows } from "@/lib/testing/fuzz/project-row-counts";

// Every /api/v1 route found on disk gets seeded random requests: mutated valid bodies, mutated
// dataset files, bodies that are not JSON, ids that are not ids, hostile query strings and headers.
// GOODHART_FUZZ_SEED reproduces a run, GOODHART_FUZZ_CASES sets its length, GOODHART_FUZZ_CASE runs one case.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "" }));
// next-auth does not load under vitest; the session routes (in the 413 check) get a signed-in admin.
vi.mock("@/lib/next/auth", () => ({
  auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null),
  handlers: { GET: async () => new Response(null, { status: 204 }), POST: async () => new Response(null, { status: 204 }) },
}));
vi.mock("@/lib/next/current-project", () => ({ currentProjectSlug: async () => signedIn.projectSlug }));

const seed = Number(process.env.GOODHART_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));
// Sized for about a minute on a shared 2-core machine: PostgreSQL answers each case (and its row counts) over the network.
const caseCount = Number(process.env.GOODHART_FUZZ_CASES ?? (process.env.DATABASE_URL?.startsWith("postgres") ? 500 : 1000));
const onlyCase = process.env.GOODHART_FUZZ_CASE === undefined ? undefined : Number(process.env.GOODHART_FUZZ_CASE);
/** A case still unanswered after this is a hang. */
const caseBoundMs = 15_000;

const db = getDb();
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let routes: ApiRoute[];
let allRoutes: ApiRoute[];
let world: FuzzWorld;

beforeAll(async () => {
  assertDatasetsPresent();
  [project, other] = await Promise.all([makeProject(db, "fuzz"), makeProject(db, "fuzz-other")]);
  const admin = await makeUser(db, { projectId: project.id, role: "admin" });
  const actor = { userId: admin.id, label: admin.email };
  const [key, otherKey, mine, theirs] = await Promise.all([
    createApiKey(db, { projectId: project.id, name: "fuzz", actor }),
    createApiKey(db, { projectId: other.id, name: "fuzz-other", actor: { userId: null, label: "fuzz" } }),
    seedLabRubrics(db, { projectId: project.id }),
    seedLabRubrics(db, { projectId: other.id }),
  ]);
  const draft = await db.rubricVersion.create({ data: { rubricId: mine.rubricId, version: 2, status: "draft", basedOnId: mine.rubricVersionId } });
  const [run, otherRun] = await Promise.all([
    registerRun(db, { projectId: project.id, input: { name: uniqueName("fuzz-run") }, actor }),
    registerRun(db, { projectId: other.id, input: { name: uniqueName("fuzz-run") }, actor }),
  ]);
  const edgeCases = await Promise.all(
    [project.id, project.id, project.id, other.id].map((projectId, index) =>
      makeEdgeCase(db, { projectId, rule: "panel_split", groupKey: `fuzz-${index}`, title: "fuzz case" }),
    ),
  );
  const hacks = await Promise.all(
    [project.id, project.id, other.id].map((projectId, index) => db.knownHack.create({ data: { projectId, environment: "lab", name: `fuzz hack ${index}`, description: "claims a refund it did not check" } })),
  );
  const rubricExport = await exportRubricVersion(db, { projectId: project.id, rubricVersionId: mine.rubricVersionId });
  Object.assign(signedIn, { userId: admin.id, projectSlug: project.slug });
  allRoutes = await loadApiRoutes();
  routes = allRoutes.filter((route) => route.template.startsWith("v1/"));
  world = {
    origin: "http://localhost",
    key: key.key,
    otherKey: otherKey.key,
    otherSlug: other.slug,
    ids: [mine.rubricVersionId, draft.id, run.run.id, ...edgeCases.slice(0, 3).map((c) => c.id), ...hacks.slice(0, 2).map((h) => h.id), "unknown-id"],
    otherIds: [theirs.rubricVersionId, otherRun.run.id, edgeCases[3]!.id, hacks[2]!.id],
    exampleBody: (route, unique) => exampleBody(route, unique, { rubricExport }),
    datasets: readDatasets(),
  };
}, 120_000);
afterAll(async () => {
  await Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]);
});

function readDatasets(): FuzzWorld["datasets"] {
  return readdirSync(datasetsDir, { recursive: true, encoding: "utf8" })
    .filter((file) => !file.endsWith("README.md") && /\.\w+$/.test(file))
    .sort()
    .map((name) => {
      const bytes = new Uint8Array(readFileSync(path.join(datasetsDir, name)));
      let json: unknown;
      try {
        json = name.endsWith(".json") ? JSON.parse(Buffer.from(bytes).toString("utf8")) : undefined;
      } catch {
        json = undefined;
      }
      return { name, bytes, json, format: datasetFormat(name) };
    });
}

// The trace files among the datasets and their formats (as lib/ingest/datasets.test.ts counts them).
function datasetFormat(name: string): string | undefined {
  if (name.startsWith("tau-bench/")) return "tau-bench";
  if (name.startsWith("tau2-results/") || name === "tau2-judge-viewer/azure-airline-full.json") return "tau2";
  if (name.startsWith("langfuse-framework-traces/") && name.endsWith(".trace.json")) return "langfuse";
  if (name.startsWith("inspect-ai-logs/")) return "inspect";
  return undefined;
}

type Outcome = { kind: "answered"; status: number; contentType: string; body: Uint8Array } | { kind: "threw"; error: unknown } | { kind: "hung" };

async function send(fuzzCase: FuzzCase, bodyInit?: BodyInit): Promise<Outcome> {
  const { route, url, params, headers, body } = fuzzCase;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "hung" }), caseBoundMs);
  });
  const answered = (async (): Promise<Outcome> => {
    try {
      const init = { method: route.method, headers, body: bodyInit ?? body, duplex: "half" };
      const response = await route.handler(new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve(route.params.length ? params : undefined) });
      // Streamed answers (the JSONL exports) must also finish within the bound.
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { kind: "answered", status: response.status, contentType: response.headers.get("content-type") ?? "", body: bytes };
    } catch (error) {
      return { kind: "threw", error };
    }
  })();
  try {
    return await Promise.race([answered, hung]);
  } finally {
    clearTimeout(timer);
  }
}

const locationKeys = ["path", "line", "column", "index", "byteOffset", "field", "param", "header", "limit", "contentType"];

/** Why a 4xx answer is not a usable rejection: not the API's error shape, or a 400/422 that does not say where. */
function rejectionProblem(status: number, contentType: string, bytes: Uint8Array): string | null {
  // OTLP protobuf clients get a google.rpc.Status: its message is what they log.
  if (contentType.startsWith("application/x-protobuf")) return bytes.length > 0 ? null : "an empty protobuf Status";
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } };
  try {
    body = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return `not JSON: ${Buffer.from(bytes).toString("utf8").slice(0, 80)}`;
  }
  const error = body.error;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string" || !error.message || !Array.isArray(error.details)) return `not {"error": {code, message, details}}: ${JSON.stringify(body).slice(0, 120)}`;
  if (status !== 400 && status !== 422) return null;
  // Where: a location field, a message that starts with the path ("steps[2].role: ..."), or the body as a whole ("The body is not ...").
  const located =
    /^The body\b/.test(error.message) ||
    error.details.some((detail) => detail && typeof detail === "object" && (locationKeys.some((key) => key in detail) || /^[\w$]+(\[\d+\]|\.[\w$]+)*: /.test(String((detail as { message?: unknown }).message))));
  return located ? null : `${status} ${error.code} "${error.message}" names no location: details ${JSON.stringify(error.details).slice(0, 120)}`;
}

type Failure = { index: number; kind: "5xx" | "threw" | "hung" | "partial write" | "rejection" | "leak"; what: string; label: string[] };

describe("api fuzz", () => {
  it(
    "answers every generated request to every /api/v1 route without a 5xx, a throw or a hang, stores nothing for a rejection, and says where",
    { timeout: Math.max(5 * 60_000, caseCount * 200) },
    async () => {
      expect(routes.map((r) => `${r.method} ${r.template}`)).toEqual(expect.arrayContaining(["POST v1/traces", "POST v1/reward", "GET v1/edge-cases", "POST v1/runs/[id]/metrics"]));
      const failures: Failure[] = [];
      const statuses = new Map<number, number>();
      let acceptedTraces = 0;
      const indexes = onlyCase === undefined ? Array.from({ length: caseCount }, (_, index) => index) : [onlyCase];
      for (const index of indexes) {
        const fuzzCase = makeFuzzCase(createRng(deriveSeed(seed, index)), routes, world, index);
        // Sent with the other project's key, a request writes (or must not write) there.
        const target = fuzzCase.headers.authorization === `Bearer ${world.otherKey}` ? other : project;
        const before = await countProjectRows(db, target.id);
        const outcome = await send(fuzzCase);
        const fail = (kind: Failure["kind"], what: string) => failures.push({ index, kind, what, label: fuzzCase.label });
        if (outcome.kind === "hung") {
          fail("hung", `no answer within ${caseBoundMs} ms`);
          continue;
        }
        if (outcome.kind === "threw") {
          fail("threw", String(outcome.error instanceof Error ? outcome.error.stack : outcome.error).slice(0, 400));
          continue;
        }
        const { status, contentType, body } = outcome;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) fail("5xx", `${status} ${Buffer.from(body).toString("utf8").slice(0, 200)}`);
        if (status < 400) {
          // An answer to this project's key holds nothing of the other project's (its ids are among the path ids tried).
          const text = Buffer.from(body).toString("utf8");
          const leaked = fuzzCase.headers.authorization === `Bearer ${world.key}` ? [other.slug, ...world.otherIds].filter((id) => text.includes(id)) : [];
          if (leaked.length > 0) fail("leak", `${status} answer holds the other project's ${leaked.join(", ")}`);
          // What a batch reports as accepted is what was stored: no more, no less.
          if (fuzzCase.route.template === "v1/traces") {
            const { accepted } = JSON.parse(text) as { accepted: number };
            const stored = (await db.trace.count({ where: { projectId: target.id } })) - before.traces!;
            acceptedTraces += accepted;
            if (stored !== accepted) fail("partial write", `answered accepted ${accepted} but stored ${stored} traces`);
          }
          continue;
        }
        const problem = rejectionProblem(status, contentType, body);
        if (problem) fail("rejection", problem);
        const changed = changedCounts(before, await countProjectRows(db, target.id));
        if (changed.length > 0) fail("partial write", `${status} but ${changed.join(", ")}`);
      }
      const count = (kind: Failure["kind"]) => failures.filter((f) => f.kind === kind).length;
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(", ");
      for (const failure of failures.slice(0, 30)) console.log(`case ${failure.index} ${failure.kind}: ${failure.what}\n  ${failure.label.join("; ")}`);
      console.log(
        `api fuzz (GOODHART_FUZZ_SEED=${seed}): ${indexes.length} cases tried over ${routes.length} route methods (${byStatus}; ${acceptedTraces} traces accepted and stored); ` +
          `5xx: ${count("5xx")}, thrown: ${count("threw")}, hangs: ${count("hung")}, partial writes: ${count("partial write")}, rejections not saying where: ${count("rejection")}, answers leaking the other project: ${count("leak")}`,
      );
      expect(failures.map((f) => `case ${f.index} ${f.kind}: ${f.what} [${f.label.join("; ")}]`), `reproduce with GOODHART_FUZZ_SEED=${seed} GOODHART_FUZZ_CASE=<n>`).toEqual([]);
    },
  );

  it("answers 413 to a Content-Length over the limit on every app/api route that reads a body, without reading any of it", async () => {
    const bodyRoutes = allRoutes.filter((route) => route.method !== "GET");
    const readers: string[] = [];
    for (const route of bodyRoutes) {
      // The query the routes that take one need before they read the body (a rubric, an upload's name).
      const url = `${world.origin}/api/${route.template.replace(/\[[^\]]+\]/g, "unknown-id")}?environment=lab&name=limit.jsonl&run=limit&file=limit.csv`;
      const request = { route, url, label: [], headers: {}, params: Object.fromEntries(route.params.map((name) => [name, "unknown-id"])) };
      // A key for /api/v1, the app's own origin for the session routes.
      const headers = { authorization: `Bearer ${world.key}`, origin: world.origin, "content-type": "application/json" };
      const example = new TextEncoder().encode(JSON.stringify(world.exampleBody(route, uniqueName("limit"))));
      // Whether the route reads a body at all, from what it does with a small one.
      let probed = false;
      // highWaterMark 0: the stream is pulled only when the route reads it, not when the request is made.
      const probeStream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            probed = true;
            controller.enqueue(example);
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      await send({ ...request, headers }, probeStream);
      let pulled = false;
      const refusesToBeRead = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled = true;
            controller.error(new Error("read past the declared limit"));
          },
        },
        { highWaterMark: 0 },
      );
      const outcome = await send({ ...request, headers: { ...headers, "content-length": String(2 ** 40) } }, refusesToBeRead);
      const what = `${route.method} ${route.template}`;
      expect(outcome.kind, what).toBe("answered");
      if (outcome.kind !== "answered") continue;
      expect(pulled, `${what} read the body of a request whose Content-Length is over its limit`).toBe(false);
      expect(outcome.status, what).toBeLessThan(500);
      if (!probed) continue;
      readers.push(what);
      expect({ what, status: outcome.status, code: JSON.parse(Buffer.from(outcome.body).toString("utf8")).error?.code }).toEqual({ what, status: 413, code: "payload_too_large" });
    }
    expect(readers).toEqual(
      expect.arrayContaining(["POST v1/traces", "POST v1/otel/v1/traces", "POST v1/otel/v1/logs", "POST v1/reward", "POST v1/reward/openrlhf", "POST v1/runs/[id]/metrics", "POST v1/documents", "POST traces/import", "POST runs/import", "POST edge-cases/decisions"]),
    );
  });
});
