import type { ApiRoute } from "./api-routes";

const patch = [
  "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001",
  "From: Fuzz <fuzz@example.test>",
  "Subject: [PATCH] Check the refund before confirming it",
  "",
  "diff --git a/refund.py b/refund.py",
  "--- a/refund.py",
  "+++ b/refund.py",
  "@@ -1,2 +1,3 @@",
  " def confirm(order):",
  "+    assert order.refunded",
  "     return 'refunded'",
  "",
].join("\n");

/**
 * A valid body for each /api/v1 route that takes one, the start every mutation works from so
 * cases reach past the schema into the code behind it. A route without one here starts from {}.
 */
export function exampleBody(route: ApiRoute, unique: string, { rubricExport }: { rubricExport: unknown }): unknown {
  switch (route.template) {
    case "v1/traces":
      return { traces: [{ externalId: unique, environment: "lab", task: "refund", steps: [{ role: "user", content: "Where is my refund?" }, { role: "assistant", content: "It was issued." }], metadata: { source: "fuzz" } }] };
    case "v1/otel/v1/traces":
      return otlpTraces(unique);
    case "v1/otel/v1/logs":
      return otlpLogs(unique);
    case "v1/reward":
      return { environment: "lab", rollouts: [{ prompt: "Where is my refund?", completion: "Your refund has been issued.", label: "refund", metadata: { id: unique } }] };
    case "v1/reward/openrlhf":
      return { query: ["Where is my refund? Your refund has been issued."], prompts: ["Where is my refund?"], labels: ["refund"] };
    case "v1/runs":
      return { name: unique, trainer: "trl", environment: "lab", config: { learningRate: 1e-5 } };
    case "v1/runs/[id]/metrics":
      return { points: [{ step: 1, name: "reward/proxy", value: 0.4 }, { step: 1, name: "kl", value: 0.01, time: "2026-01-01T00:00:00Z" }] };
    case "v1/runs/[id]/events":
      return { kind: "note", step: 1, message: "fuzz", key: unique };
    case "v1/documents":
      return { name: unique, contentType: "text/plain", text: "Refunds are issued within five days of the return.", mine: false };
    case "v1/edge-cases/[id]/decision":
      return { decision: "false_alarm", note: "fuzz" };
    case "v1/hacks/[id]/decision":
      return { decision: "reject", note: "fuzz" };
    case "v1/rubric-versions":
      return rubricExport;
    case "v1/rubric-versions/[id]/approve":
      return { note: "fuzz" };
    case "v1/replay/code-tasks":
      return { patch, environment: "code", repository: "example/refunds" };
    case "v1/replay/[id]/score":
      return { patch, tests: { passed: 1, failed: 0 } };
    case "v1/replay/[id]/tool-call":
      return { name: "lookup_order", arguments: { order: 17 } };
    case "v1/tasks/grounding":
      return { policy: { kind: "registered", name: "fuzz-policy" }, judgeIds: ["unknown-judge"], samples: 2 };
    default:
      return {};
  }
}

const hex = (unique: string, length: number) => Buffer.from(unique).toString("hex").padEnd(length, "0").slice(-length);
const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });

function otlpTraces(unique: string) {
  const span = {
    traceId: hex(unique, 32),
    spanId: hex(unique, 16),
    name: "chat gpt-4o",
    kind: 3,
    startTimeUnixNano: "1767225600000000000",
    endTimeUnixNano: "1767225601000000000",
    attributes: [attribute("gen_ai.operation.name", "chat"), attribute("gen_ai.request.model", "gpt-4o"), attribute("gen_ai.prompt.0.role", "user"), attribute("gen_ai.prompt.0.content", "Where is my refund?")],
    status: {},
  };
  return { resourceSpans: [{ resource: { attributes: [attribute("service.name", "fuzz")] }, scopeSpans: [{ scope: { name: "fuzz" }, spans: [span] }] }] };
}

function otlpLogs(unique: string) {
  const record = {
    timeUnixNano: "1767225600500000000",
    traceId: hex(unique, 32),
    spanId: hex(unique, 16),
    body: { kvlistValue: { values: [{ key: "content", value: { stringValue: "Where is my refund?" } }] } },
    attributes: [attribute("event.name", "gen_ai.user.message"), attribute("gen_ai.system", "openai")],
  };
  return { resourceLogs: [{ resource: { attributes: [attribute("service.name", "fuzz")] }, scopeLogs: [{ scope: { name: "fuzz" }, logRecords: [record] }] }] };
}
