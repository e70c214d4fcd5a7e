import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { GET as getTraceSchema } from "@/app/api/v1/schema/trace/route";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { getDb } from "@/lib/db/client";
import { fixturesDir } from "@/lib/ingest/fixtures/collect-records";
import { uniqueName } from "@/lib/testing/factories";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["formats-api"]);

const post = (path: string, body: BodyInit) => callRoute(postTraces, path, { key: project.key, body });
const count = () => db.trace.count({ where: { projectId: project.id } });

describe("POST /api/v1/traces: records that read as nothing", () => {
  it("rejects unknown fields and empty records by index and stores nothing for them", async () => {
    const before = await count();
    const response = await post("/api/v1/traces", JSON.stringify({ traces: [{ foo: 1 }, {}, { steps: [], metadata: { a: 1 } }] }));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toEqual({
      accepted: 0,
      updated: 0,
      pending: 0,
      duplicates: 0,
      rejected: [
        { index: 0, error: expect.stringContaining('index 0: unknown field "foo"') },
        { index: 1, error: "index 1: nothing to store: the record gives no steps, messages, input or output" },
        { index: 2, error: "index 2: nothing to store: the record gives no steps, messages, input or output" },
      ],
      traceIds: [],
    });
    expect(await count()).toBe(before);
  });

  it("stores the messages and the reward of a native trace sent with those aliases", async () => {
    const externalId = uniqueName("alias");
    const body = {
      traces: [
        {
          externalId,
          messages: [
            { role: "user", content: "2+2?" },
            { role: "assistant", content: "4" },
          ],
          reward: 1,
        },
      ],
    };
    const posted = await (await post("/api/v1/traces", JSON.stringify(body))).json();
    const stored = await db.trace.findFirstOrThrow({ where: { projectId: project.id, externalId }, include: { steps: { orderBy: { index: "asc" } } } });
    // The answer names the stored trace, and a resend names the same one.
    expect(posted).toEqual({ accepted: 1, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: [stored.id] });
    expect(await (await post("/api/v1/traces", JSON.stringify(body))).json()).toEqual({ accepted: 0, updated: 0, pending: 0, duplicates: 1, rejected: [], traceIds: [stored.id] });
    expect(stored).toMatchObject({ reward: 1, input: "2+2?", output: "4" });
    expect(stored.steps.map((step) => [step.role, step.content])).toEqual([
      ["user", "2+2?"],
      ["assistant", "4"],
    ]);
  });

  it("rejects an array of unknown objects sent as another format by index, and stores each run or span export read with ?format=", async () => {
    const before = await count();
    const unknown = await (await post("/api/v1/traces?format=langsmith", JSON.stringify([{ foo: 1 }]))).json();
    expect(unknown).toEqual({ accepted: 0, updated: 0, pending: 0, duplicates: 0, rejected: [{ index: 0, error: expect.stringMatching(/^index 0: not a LangSmith run/) }], traceIds: [] });
    expect(await count()).toBe(before);

    const runs = readFileSync(join(fixturesDir, "langsmith-runs.jsonl"));
    expect(await (await post("/api/v1/traces?format=langsmith", runs)).json()).toEqual({ accepted: 1, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: ids(1) });
    const agents = readFileSync(join(fixturesDir, "openai-agents-export.json"));
    expect(await (await post("/api/v1/traces?format=openai-agents", agents)).json()).toEqual({ accepted: 2, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: ids(2) });
    const phoenix = readFileSync(join(fixturesDir, "phoenix-rest-spans.json"));
    expect(await (await post("/api/v1/traces?format=phoenix", phoenix)).json()).toEqual({ accepted: 1, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: ids(1) });
    const stored = await db.trace.findFirstOrThrow({ where: { projectId: project.id, externalId: { startsWith: "langsmith:" } }, include: { steps: true } });
    expect(stored.steps.find((step) => step.type === "tool_call")).toMatchObject({ toolName: "get_weather", result: "18°C and sunny" });
  });
});

describe("GET /api/v1/schema/trace", () => {
  it("answers without a key a JSON Schema that accepts the documented example (docs/traces.md) and refuses an unknown field", async () => {
    const response = getTraceSchema();
    expect(response.status).toBe(200);
    const schema = await response.json();
    expect(schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", additionalProperties: false });
    const docs = readFileSync(join(import.meta.dirname, "../../../docs/traces.md"), "utf8");
    const example = /<!-- native-trace-example -->\s*```json\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(example).toBeDefined();
    const { traces } = JSON.parse(example ?? "") as { traces: Record<string, unknown>[] };
    expect(traces.length).toBeGreaterThan(1);
    const validator = z.fromJSONSchema(schema);
    for (const trace of traces) expect(validator.safeParse(trace).error).toBeUndefined();
    expect(validator.safeParse({ ...traces[0], tool_calls: [] }).success).toBe(false);
    expect(validator.safeParse({ steps: [{ role: "robot" }] }).success).toBe(false);
    // The example is also what POST /api/v1/traces stores.
    const answer = await (
      await post("/api/v1/traces", JSON.stringify({ traces: traces.map((trace) => ({ ...trace, externalId: uniqueName("readme") })) }))
    ).json();
    expect(answer).toEqual({ accepted: traces.length, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: ids(traces.length) });
  });
});

function ids(count: number) {
  return Array.from({ length: count }, () => expect.any(String));
}
