import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { deleteProject, makeProject, uniqueName } from "@/lib/testing/factories";
import { fixturesDir } from "@/lib/ingest/fixtures/collect-records";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let key: string;
beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "api"), makeProject(db, "api-other")]);
  key = (await createApiKey(db, { projectId: project.id, name: "test", actor: systemActor })).key;
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

const params = { params: Promise.resolve({}) };
function post(path: string, body: BodyInit | null, { headers = {}, auth = `Bearer ${key}` }: { headers?: Record<string, string>; auth?: string | null } = {}) {
  const request = new NextRequest(`http://localhost${path}`, { method: "POST", headers: { ...(auth ? { authorization: auth } : {}), "content-type": "application/json", ...headers }, body });
  return postTraces(request, params);
}
const trace = (externalId: string) => ({ externalId, steps: [{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }] });

describe("POST /api/v1/traces", () => {
  it("stores a native batch, reports bad records by index, and answers duplicates on a resend", async () => {
    const id = uniqueName("t");
    const body = JSON.stringify({ traces: [trace(`${id}-a`), { steps: [{ role: "robot" }] }, trace(`${id}-b`), 42] });
    const response = await post("/api/v1/traces", body);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.accepted).toBe(2);
    expect(answer.duplicates).toBe(0);
    expect(answer.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3]);
    expect(answer.rejected[0].error).toMatch(/^index 1: steps\[0\]\.role/);
    expect(await db.trace.count({ where: { projectId: project.id } })).toBeGreaterThanOrEqual(2);

    const again = await (await post("/api/v1/traces", body)).json();
    expect(again).toMatchObject({ accepted: 0, duplicates: 2 });
  });

  it("refuses more than 10,000 traces in one request, in any format, storing none", async () => {
    const before = await db.trace.count({ where: { projectId: project.id } });
    const native = await post("/api/v1/traces", JSON.stringify({ traces: Array.from({ length: 10_001 }, (_, i) => trace(uniqueName(`many-${i}`))) }));
    expect(native.status).toBe(400);
    expect((await native.json()).error.details[0]).toEqual({ path: "traces", message: "at most 10000 traces per request; send several batches" });
    const jsonl = await post("/api/v1/traces?format=openai", `${JSON.stringify({ messages: [{ role: "user", content: "hi" }] })}\n`.repeat(10_001));
    expect(jsonl.status).toBe(400);
    expect(await jsonl.json()).toMatchObject({ error: { message: "The body holds more than 10000 traces; send them in several batches", details: [{ line: 10_001 }] } });
    expect(await db.trace.count({ where: { projectId: project.id } })).toBe(before);
  });

  it("reads another format given by ?format=", async () => {
    const body = readFileSync(join(fixturesDir, "openai-chat.jsonl"));
    const answer = await (await post("/api/v1/traces?format=openai", body)).json();
    expect(answer.accepted + answer.duplicates).toBeGreaterThan(0);
    for (const rejected of answer.rejected) expect(rejected.line).toBeGreaterThan(0);
  });

  it("answers 400 with details for a body that is not JSON, not {traces: [...]}, or an unknown format", async () => {
    for (const body of ["{nope", JSON.stringify({ trace: [] }), JSON.stringify({ traces: {} }), ""]) {
      const response = await post("/api/v1/traces", body);
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("bad_request");
      if (body !== "") expect(error.details.length).toBeGreaterThan(0);
    }
    const unknown = await post("/api/v1/traces?format=csv", "{}");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.details[0].path).toBe("format");
  });

  it("answers 413 for a body over the limit, by Content-Length and by the bytes actually sent", async () => {
    const declared = await post("/api/v1/traces", "{}", { headers: { "content-length": String(MAX_API_BODY_BYTES + 1) } });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe("payload_too_large");

    const chunk = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_API_BODY_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new NextRequest("http://localhost/api/v1/traces", { method: "POST", headers: { authorization: `Bearer ${key}` }, body: stream, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
    const streamed = await postTraces(request, params);
    expect(streamed.status).toBe(413);
  });

  it("answers 401 without a valid key and 403 for another project's slug", async () => {
    expect((await post("/api/v1/traces", "{}", { auth: null })).status).toBe(401);
    expect((await post("/api/v1/traces", "{}", { auth: "Bearer gh_wrong" })).status).toBe(401);
    const refused = await post(`/api/v1/traces?project=${other.slug}`, JSON.stringify({ traces: [] }));
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
  });
});
