import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { datasetsDir, fixturesDir } from "@/lib/ingest/fixtures/collect-records";
import { deleteProject, makeProject } from "@/lib/testing/factories";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

type Json = Record<string, unknown>;
const db = getDb();
const projects: { id: string; key: string }[] = [];

async function makeKeyedProject(name: string) {
  const project = await makeProject(db, name);
  const { key } = await createApiKey(db, { projectId: project.id, name, actor: systemActor });
  projects.push({ id: project.id, key });
  return { id: project.id, key };
}
afterAll(async () => {
  for (const project of projects) await deleteProject(db, project.id);
});

/** Item i goes to part i mod 3, so each part holds a piece of every trace. */
function deal<T>(items: T[]): [T[], T[], T[]] {
  const parts: [T[], T[], T[]] = [[], [], []];
  items.forEach((item, index) => parts[index % 3]?.push(item));
  return parts;
}

const readText = (path: string) => readFileSync(path, "utf8");
const readJson = (path: string) => JSON.parse(readText(path)) as Json;

/** Each span format: the whole file as one body, and the same records dealt into three bodies. */
const formats: { format: string; whole: () => string; parts: () => string[] }[] = [
  {
    format: "openai-agents",
    whole: () => readText(join(fixturesDir, "openai-agents-export.json")),
    parts: () => deal(readJson(join(fixturesDir, "openai-agents-export.json")).data as unknown[]).map((data) => JSON.stringify({ data })),
  },
  {
    format: "langsmith",
    whole: () => readText(join(fixturesDir, "langsmith-runs.jsonl")),
    parts: () => deal(readText(join(fixturesDir, "langsmith-runs.jsonl")).split("\n").filter((line) => line.trim() !== "")).map((lines) => lines.join("\n")),
  },
  {
    format: "phoenix",
    whole: () => readText(join(fixturesDir, "phoenix-rest-spans.json")),
    parts: () => deal(readJson(join(fixturesDir, "phoenix-rest-spans.json")).data as unknown[]).map((data) => JSON.stringify({ data })),
  },
  {
    format: "otel",
    whole: () => readText(join(fixturesDir, "otel-current.json")),
    parts: () => {
      const request = readJson(join(fixturesDir, "otel-current.json")) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] };
      // Every span of the file, with its resource and scope, dealt into three requests.
      const spans = request.resourceSpans.flatMap((resourceSpans, r) => resourceSpans.scopeSpans.flatMap((scopeSpans, s) => scopeSpans.spans.map((span) => ({ r, s, span }))));
      return deal(spans).map((part) => ({
        resourceSpans: request.resourceSpans.map((resourceSpans, r) => ({
          ...resourceSpans,
          scopeSpans: resourceSpans.scopeSpans.map((scopeSpans, s) => ({ ...scopeSpans, spans: part.filter((item) => item.r === r && item.s === s).map((item) => item.span) })),
        })),
      })).map((body) => JSON.stringify(body));
    },
  },
  {
    format: "langfuse",
    whole: () => readText(join(datasetsDir, "langfuse-framework-traces", "claude-agent-2025-12-22.trace.json")),
    parts: () => {
      const exported = readJson(join(datasetsDir, "langfuse-framework-traces", "claude-agent-2025-12-22.trace.json")) as { trace: Json; observations: unknown[] };
      return deal(exported.observations).map((observations) => JSON.stringify({ trace: exported.trace, observations }));
    },
  },
];

async function post(key: string, format: string, body: string) {
  const response = await postTraces(
    new NextRequest(`http://localhost/api/v1/traces?format=${format}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as { accepted: number; updated: number; duplicates: number; rejected: unknown[] } };
}

/** What a reviewer sees of each stored trace, by its external id. */
async function storedTraces(projectId: string) {
  const traces = await db.trace.findMany({ where: { projectId }, include: { steps: { orderBy: { index: "asc" } } }, orderBy: { externalId: "asc" } });
  return traces.map((trace) => ({
    externalId: trace.externalId,
    task: trace.task,
    input: trace.input,
    output: trace.output,
    totalTokens: trace.totalTokens,
    steps: trace.steps.map((step) => [step.type, step.role, step.content, step.toolName, step.arguments, step.result, step.tokensIn, step.tokensOut, step.startedAt?.toISOString() ?? null]),
  }));
}

describe("POST /api/v1/traces: a trace sent in three batches is one complete trace", () => {
  let whole: Map<string, { id: string; key: string }>;
  beforeAll(async () => {
    whole = new Map();
    for (const { format } of formats) whole.set(format, await makeKeyedProject(`whole-${format}`));
  });

  it.each(formats.map((entry) => [entry.format, entry] as const))("%s: each span or record added once, the same trace as one post of the whole file", async (format, entry) => {
    const once = whole.get(format)!;
    expect((await post(once.key, format, entry.whole())).body.rejected).toEqual([]);
    const expected = await storedTraces(once.id);
    expect(expected.length).toBeGreaterThan(0);

    const split = await makeKeyedProject(`split-${format}`);
    const bodies = entry.parts();
    const answers: Awaited<ReturnType<typeof post>>[] = [];
    for (const body of bodies) answers.push(await post(split.key, format, body));
    expect(answers.map(({ status, body }) => [status, body.rejected])).toEqual([[200, []], [200, []], [200, []]]);
    expect(await storedTraces(split.id)).toEqual(expected);
    // Each trace is counted new once, in the first batch that holds a piece of it; later pieces count as updates.
    const total = (count: "accepted" | "updated") => answers.reduce((sum, { body }) => sum + body[count], 0);
    expect(total("accepted")).toBe(expected.length);
    expect(total("updated")).toBeGreaterThan(0);

    // A batch sent again adds nothing: its traces are duplicates and stay as they were.
    const again = await post(split.key, format, bodies[1] ?? "");
    expect(again.body).toMatchObject({ accepted: 0, rejected: [] });
    expect(again.body.duplicates).toBeGreaterThan(0);
    expect(await storedTraces(split.id)).toEqual(expected);
  });
});
