import { describe, expect, it } from "vitest";
import { listRouteMethods } from "../testing/app-surface";
import { apiOperations } from "./api-operations";
import { buildOpenApiDocument } from "./build-openapi-document";

const document = buildOpenApiDocument({ version: "test" });
// The catch-all route is no operation: it answers 404 for every path that is not one.
const routes = listRouteMethods()
  .filter((route) => route.route.startsWith("v1/") && !route.route.includes("[..."))
  .map((route) => ({ ...route, key: `${route.method.toLowerCase()} /${route.route.slice(3).replace(/\[(\w+)\]/g, "{$1}")}` }));
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  responses: Record<string, unknown>;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }>; "x-body-limit"?: number };
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path}`, path, operation: operation as Operation })),
);

/** Every "$ref" in a value, found by walking it. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refsIn(inner)));
}

describe("the OpenAPI document of /api/v1", () => {
  it("describes every route method under app/api/v1 and nothing that is not one", () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(operations.map((operation) => operation.key).sort()).toEqual(routes.map((route) => route.key).sort());
  });

  it("marks as public exactly the routes that take no key", () => {
    const publicRoutes = routes
      .filter((route) => route.access === null)
      .map((route) => route.key)
      .sort();
    expect(
      operations
        .filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0)
        .map((operation) => operation.key)
        .sort(),
    ).toEqual(publicRoutes);
  });

  it("is a well-formed OpenAPI 3.1 document: unique operation ids, declared path parameters, a success answer each, refs that resolve", () => {
    expect(document.openapi).toBe("3.1.0");
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, path, operation } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
      expect(declared, key).toEqual(inPath);
      expect(
        Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
        key,
      ).toBe(true);
      for (const parameter of operation.parameters ?? []) expect(parameter.schema, `${key} ${parameter.name}`).toBeTypeOf("object");
    }
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      const target = ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
      expect(target, ref).toBeDefined();
    }
    expect(() => JSON.parse(JSON.stringify(document))).not.toThrow();
  });

  it("takes its request bodies and query parameters from the routes' own zod schemas", () => {
    const reward = operations.find((operation) => operation.key === "post /reward")!.operation;
    const body = reward.requestBody!.content["application/json"]!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["rubricVersionId", "environment", "rollouts"]));
    expect(body.required).toContain("rollouts");
    const rollout = (body.properties.rollouts as { items: { properties: Record<string, { description?: string; maxLength?: number }> } }).items;
    expect(Object.keys(rollout.properties)).toEqual(expect.arrayContaining(["completion", "messages", "run", "step", "sampleId"]));
    expect(rollout.properties.sampleId).toMatchObject({ type: "string", minLength: 1, maxLength: 200, description: expect.stringContaining("same trace") });
    // What a trainer's hook sends beside the body: ?onError= and the run's headers.
    expect(reward.parameters!.map((parameter) => [parameter.in, parameter.name, parameter.required])).toEqual([
      ["query", "onError", false],
      ["header", "X-Goodhart-Run", false],
      ["header", "X-Goodhart-Step", false],
    ]);
    expect(reward.parameters![2]!.schema).toMatchObject({ type: "string", pattern: "^\\d{1,10}$" });
    const distillation = operations.find((operation) => operation.key === "get /distillation")!.operation;
    expect(distillation.parameters!.map((parameter) => [parameter.name, parameter.required])).toEqual([
      ["format", false],
      ["environment", false],
      ["run", false],
      ["steps", false],
      ["band", false],
    ]);
    expect(apiOperations.every((operation) => operation.summary.length > 10)).toBe(true);
  });

  it("types the answers of the operations an integrator uses most, with shared shapes as components, and errors as the Error shape", () => {
    type Schema = { type?: string; required?: string[]; additionalProperties?: unknown; properties?: Record<string, unknown> };
    const answerOf = (key: string, status: string) =>
      (operations.find((operation) => operation.key === key)!.operation.responses[status] as { content: Record<string, { schema: Schema }> }).content["application/json"]!.schema;
    const reward = answerOf("post /reward", "200");
    expect(reward.required).toEqual(["rubricVersionId", "rewards", "results", "errors", "traceIds", "jobIds"]);
    expect(reward.additionalProperties).toBe(false);
    expect(JSON.stringify(reward)).toContain("#/components/schemas/ItemResult");
    // A run found by its name is the same shape as one made now.
    expect(answerOf("post /runs", "200")).toEqual(answerOf("post /runs", "201"));
    expect(answerOf("post /runs", "201").required).toContain("created");
    expect(answerOf("get /jobs", "200").properties!.jobs).toEqual({ type: "array", items: { $ref: "#/components/schemas/JobListItem" }, description: "newest first" });
    // A decided hack and the corpus share one KnownHack; a rubric version's export is one shape wherever it is answered.
    expect(answerOf("get /hacks", "200").properties!.hacks).toMatchObject({ items: { $ref: "#/components/schemas/KnownHack" } });
    expect(answerOf("post /hacks/{id}/decision", "200").properties!.hack).toEqual({ $ref: "#/components/schemas/KnownHack" });
    for (const [key, status] of [
      ["get /rubric-versions/{id}", "200"],
      ["post /rubric-versions", "201"],
      ["post /rubric-versions/{id}/approve", "200"],
    ] as const) {
      expect(answerOf(key, status), key).toEqual({ $ref: "#/components/schemas/RubricVersionExport" });
    }
    // A JSON answer not typed by Goodhart (OTLP's own ExportTraceServiceResponse) keeps an empty schema rather than a wrong one.
    expect(answerOf("post /otel/v1/traces", "200")).toEqual({});
    const error = document.components.schemas.Error as Schema & { properties: { error: Schema & { properties: { code: { enum: string[] } } } } };
    expect(error.properties.error.required).toEqual(["code", "message", "details"]);
    expect(error.properties.error.properties.code.enum).toEqual(expect.arrayContaining(["bad_request", "not_found", "unavailable"]));
  });

  it("says what POST /traces takes besides {traces}: another format's export as it is, chosen by ?format=, and where a trace's schema is", () => {
    const traces = operations.find((operation) => operation.key === "post /traces")!.operation;
    const format = traces.parameters!.find((parameter) => parameter.name === "format") as { description?: string } | undefined;
    expect(format?.description).toMatch(/JSON or JSONL/);
    const body = traces.requestBody!.content["application/json"]!.schema as { properties: { traces: { items: { description?: string } } } };
    expect(body.properties.traces.items.description).toContain("/api/v1/schema/trace");
  });

  it("states the body limit of every operation that takes a body, as x-body-limit and in its 413 answer", () => {
    const withBody = operations.filter(({ operation }) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(15);
    for (const { key, operation } of withBody) {
      const limit = operation.requestBody!["x-body-limit"];
      expect(limit, key).toBeGreaterThanOrEqual(1024 * 1024);
      expect((operation.responses["413"] as { description: string }).description, key).toContain(`(${limit} bytes)`);
      expect(operation.responses["408"], key).toBeDefined();
    }
    const limitOf = (key: string) => operations.find((operation) => operation.key === key)!.operation.requestBody!["x-body-limit"];
    expect([limitOf("post /documents"), limitOf("post /traces"), limitOf("post /edge-cases/{id}/decision")]).toEqual([24 * 1024 * 1024, 32 * 1024 * 1024, 1024 * 1024]);
  });
});
