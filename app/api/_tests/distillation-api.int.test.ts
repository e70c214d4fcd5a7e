import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getDistillation } from "@/app/api/v1/distillation/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { deleteProject, makeProject, uniqueName } from "@/lib/testing/factories";
import { storeTraces } from "@/lib/traces/store-traces";
import type { Step, Trace } from "@/lib/traces/trace-schema";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
let projectId: string;
let otherProjectId: string;
let key: string;
let otherKey: string;
const environment = uniqueName("distill-env");

/** A rollout with every kind of step; the environment's texts carry "env", the policy's "policy", so a leak shows. */
function rollout(name: string, { run, step, task }: { run: string; step: number; task: string }): Trace {
  const steps: Step[] = [
    { type: "message", role: "system", content: `policy rules ${name}` },
    { type: "message", role: "user", content: `env: user asks ${name}` },
    { type: "message", role: "assistant", content: `policy: looking ${name}`, reasoning: `policy thinks ${name}` },
    { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { order: name }, result: { env: `order ${name} delivered` } },
    { type: "tool_call", role: "assistant", name: "lookup_policy", arguments: { order: name }, result: `env: ${name} not eligible` },
    { type: "message", role: "tool", name: "lookup_policy", content: `env: tool says ${name}` },
    { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { order: name }, error: `env: refused ${name}` },
    { type: "message", role: "user", content: `env: user thanks ${name}` },
    { type: "message", role: "assistant", content: `policy: goodbye ${name}` },
  ];
  return { externalId: `${environment}/${name}`, source: "rollout", environment, task, run, step, steps, outcome: { success: name.endsWith("pass") } };
}

const rollouts = [
  rollout("a-pass", { run: "run-1", step: 1, task: "t-mixed" }),
  rollout("b-fail", { run: "run-1", step: 2, task: "t-mixed" }),
  rollout("c-pass", { run: "run-2", step: 5, task: "t-easy" }),
  rollout("d-pass", { run: "run-2", step: 9, task: "t-easy" }),
];
const environmentTexts = (trace: Trace) =>
  trace.steps
    .flatMap((step) => {
      if (step.type === "tool_call")
        return [typeof step.result === "string" ? step.result : step.result === undefined ? null : JSON.stringify(step.result), step.error ?? null];
      return step.role === "user" || step.role === "tool" ? [step.content ?? null] : [];
    })
    .filter((text): text is string => text !== null);

beforeAll(async () => {
  const [project, other] = await Promise.all([makeProject(db, "distill"), makeProject(db, "distill-other")]);
  [projectId, otherProjectId] = [project.id, other.id];
  const keys = await Promise.all(
    [project.id, other.id].map(async (id) => (await createApiKey(db, { projectId: id, name: "trainer", actor: systemActor })).key),
  );
  [key, otherKey] = [keys[0]!, keys[1]!];
  await storeTraces(db, { projectId, traces: rollouts.map((trace) => ({ trace, externalId: trace.externalId! })) });
});
afterAll(() => Promise.all([deleteProject(db, projectId), deleteProject(db, otherProjectId)]));

async function exportRecords(query: string, apiKey = key) {
  const response = await getDistillation(new NextRequest(`http://localhost/api/v1/distillation${query}`, { headers: { authorization: `Bearer ${apiKey}` } }), {
    params: Promise.resolve({}),
  });
  const text = await response.text();
  return {
    response,
    text,
    records: response.ok
      ? text
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [],
  };
}

type Message = { role: string; content: string };
const sorted = (texts: string[]) => [...texts].sort();

describe("GET /api/v1/distillation", () => {
  it("messages: with TRL's assistant-only loss, every environment token is a target exactly once and no policy token is", async () => {
    const { response, records } = await exportRecords(`?format=messages&environment=${environment}`);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    expect(records).toHaveLength(rollouts.length);
    // The masking rule TRL applies with assistant_only_loss=True: only assistant turns are trained on.
    const targets = records.flatMap((record: { messages: Message[] }) =>
      record.messages.filter((message) => message.role === "assistant").map((message) => message.content),
    );
    expect(sorted(targets)).toEqual(sorted(rollouts.flatMap(environmentTexts)));
    expect(targets.some((text: string) => text.includes("policy"))).toBe(false);
    // The policy's turns are there as context, its reasoning is not (the environment never saw it).
    const context = records
      .flatMap((record: { messages: Message[] }) => record.messages.filter((message) => message.role !== "assistant").map((message) => message.content))
      .join("\n");
    expect(context).toContain("policy: looking a-pass");
    expect(context).toContain('lookup_order({"order":"a-pass"})');
    expect(context).toContain("policy rules a-pass");
    expect(context).not.toContain("policy thinks");
    const first = records.find(
      (record: { task: string; messages: Message[] }) => record.task === "t-mixed" && record.messages.some((m) => m.content.includes("a-pass")),
    );
    expect(first).toMatchObject({ environment, run: "run-1", step: 1, task: "t-mixed" });
    expect(first.speakers).toHaveLength(first.messages.length);
  });

  it("prompt-completion: one record per environment turn, the completion trained on, the trace so far as prompt", async () => {
    const { records } = await exportRecords(`?format=prompt-completion&environment=${environment}`);
    const completions = records.map((record: { completion: Message[] }) => {
      expect(record.completion).toHaveLength(1);
      expect(record.completion[0]!.role).toBe("assistant");
      return record.completion[0]!.content;
    });
    expect(sorted(completions)).toEqual(sorted(rollouts.flatMap(environmentTexts)));
    const lookup = records.find((record: { completion: Message[] }) => record.completion[0]!.content === '{"env":"order b-fail delivered"}');
    expect(lookup.prompt.at(-1)).toEqual({ role: "user", content: 'lookup_order({"order":"b-fail"})' });
    expect(lookup.prompt[0].role).toBe("system");
  });

  it("filters by run, step range and difficulty band", async () => {
    const names = (records: Array<{ messages: Message[] }>) =>
      sorted(records.map((record) => record.messages.find((message) => message.role === "assistant")!.content.replace("env: user asks ", "")));
    expect(names((await exportRecords(`?environment=${environment}&run=run-2`)).records)).toEqual(["c-pass", "d-pass"]);
    expect(names((await exportRecords(`?environment=${environment}&steps=2,5`)).records)).toEqual(["b-fail", "c-pass"]);
    // t-mixed passes half its rollouts, t-easy all of them.
    expect(names((await exportRecords(`?environment=${environment}&band=0.1,0.9`)).records)).toEqual(["a-pass", "b-fail"]);
    expect(names((await exportRecords(`?environment=${environment}&band=0.95,1`)).records)).toEqual(["c-pass", "d-pass"]);
    expect((await exportRecords(`?environment=${environment}&band=0,0`)).records).toEqual([]);
  });

  it("refuses bad filters with the reason, and another project's key exports none of these traces", async () => {
    for (const [query, field] of [
      ["?format=csv", "format"],
      ["?steps=9,2", "steps"],
      ["?steps=x", "steps"],
      ["?band=2,3", "band"],
    ] as const) {
      const { response, text } = await exportRecords(query);
      expect(response.status).toBe(400);
      expect(text).toContain(field);
    }
    expect((await exportRecords(`?environment=${environment}`, otherKey)).records).toEqual([]);
  });
});
