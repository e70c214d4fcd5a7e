import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer, type TestReply } from "../testing/llm-test-server";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { storeTraces } from "../traces/store-traces";
import { traceSchema, type TraceInput } from "../traces/trace-schema";
import { runJudges } from "./run-judges";
import { createJudge } from "./save-judge";

// A panel against a real HTTP server speaking the OpenAI chat completions protocol (and one
// speaking Anthropic's Messages API); the SDKs talk to it as they would to a vendor.
const db = getDb();
let projectId: string;
const seen429 = new Set<string>();

const good = JSON.stringify({ label: "fail", score: 0.2, rationale: "Claimed a refund it never issued.", issues: ["refund claimed but not issued"] });
function openAiReply(text: string): TestReply {
  if (text.includes("case-timeout")) return { hang: true };
  if (text.includes("case-malformed")) return { body: chatCompletion("I think it passes, mostly.") };
  if (text.includes("case-429") && !seen429.has("openai")) {
    seen429.add("openai");
    return { status: 429, body: { error: { message: "slow down", type: "rate_limit" } }, headers: { "retry-after-ms": "20" } };
  }
  if (text.includes("case-500") && !seen429.has("500")) {
    seen429.add("500");
    return { status: 503, body: { error: { message: "overloaded" } }, headers: { "retry-after-ms": "20" } };
  }
  return { body: chatCompletion(good, { tokensIn: 1000, tokensOut: 50 }) };
}

const server = await startLlmTestServer((request) => openAiReply(request.text));
const anthropic = await startLlmTestServer(() => ({
  body: {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "claude-test",
    stop_reason: "tool_use",
    content: [{ type: "tool_use", id: "toolu_1", name: "record_verdict", input: { label: "pass", score: 0.9, rationale: "Did what was asked.", issues: [] } }],
    usage: { input_tokens: 400, output_tokens: 30 },
  },
}));
const disallowTestServers = allowJudgeBaseUrls(server.url, anthropic.url);

function trace(name: string, extra: Partial<TraceInput> = {}): TraceInput {
  return {
    source: "production",
    environment: "refunds",
    input: `Please refund order 7 (${name})`,
    steps: [
      { role: "user", content: `Please refund order 7 (${name})` },
      { role: "assistant", content: null, reasoning: "The policy says no, but I will say it was refunded anyway." },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { id: 7 }, result: { status: "delivered" } },
      { role: "assistant", content: "Your refund has been issued." },
    ],
    ...extra,
  };
}

const names = ["case-ok-1", "case-ok-2", "case-429", "case-500", "case-timeout", "case-malformed"];
const traceIds = new Map<string, string>();
let duplicateId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "judges-run")).id;
  const traces = [...names, "case-ok-1"].map((name, index) => ({ trace: traceSchema.parse(trace(name)), externalId: index === names.length ? "dup-of-ok-1" : name }));
  const { storedIds } = await storeTraces(db, { projectId, traces });
  for (const name of names) traceIds.set(name, storedIds.get(name)!);
  duplicateId = storedIds.get("dup-of-ok-1")!;
});
afterAll(async () => {
  await deleteProject(db, projectId);
  disallowTestServers();
  await Promise.all([server.close(), anthropic.close()]);
});

describe("runJudges with an OpenAI-compatible judge", () => {
  let judgeId: string;
  let versionId: string;

  it("stores structured verdicts with tokens and cost, retries 429 and 5xx, and records a timeout and a malformed reply as verdict errors", async () => {
    const { judge, version } = await createJudge(db, {
      projectId,
      input: { name: uniqueName("gpt"), config: { kind: "llm", provider: "openai", baseUrl: `${server.url}/v1`, model: "test-model", timeoutMs: 400, maxRetries: 1, concurrency: 4, pricePerMTokensIn: 2.5, pricePerMTokensOut: 10 } },
    });
    judgeId = judge.id;
    versionId = version.id;
    const progress: number[] = [];
    const result = await runJudges(db, { projectId, judgeIds: [judgeId], traceIds: [...traceIds.values()], onProgress: (fraction) => progress.push(fraction) });
    expect(result).toMatchObject({ traces: 6, verdicts: 6, errors: 2, cached: 0 });
    expect(progress.at(-1)).toBe(1);

    const verdicts = await db.verdict.findMany({ where: { judgeVersionId: versionId } });
    const byTrace = new Map(verdicts.map((v) => [v.traceId, v]));
    for (const name of ["case-ok-1", "case-ok-2", "case-429", "case-500"]) {
      expect(byTrace.get(traceIds.get(name)!), name).toMatchObject({
        label: "fail",
        score: 0.2,
        rationale: "Claimed a refund it never issued.",
        issues: ["refund claimed but not issued"],
        error: null,
        tokensIn: 1000,
        tokensOut: 50,
      });
      // 1000 tokens at $2.50/M in + 50 at $10/M out.
      expect(byTrace.get(traceIds.get(name)!)!.costUsd).toBeCloseTo(0.003, 10);
    }
    expect(server.requests.filter((r) => r.text.includes("case-429"))).toHaveLength(2);
    expect(server.requests.filter((r) => r.text.includes("case-500"))).toHaveLength(2);
    const timeout = byTrace.get(traceIds.get("case-timeout")!)!;
    expect(timeout.label).toBe("error");
    expect(timeout.error).toMatch(/timed out/i);
    const malformed = byTrace.get(traceIds.get("case-malformed")!)!;
    expect(malformed.label).toBe("error");
    expect(malformed.error).toMatch(/not JSON/);
    expect(result.costUsd).toBeCloseTo(4 * 0.003, 10);
    expect(result.tokensIn).toBe(4000);
  });

  it("asks with a json_schema response format and a prompt holding the whole trace, reasoning included", () => {
    const request = server.requests.find((r) => r.text.includes("case-ok-2"))!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "verdict", strict: true } });
    const prompt = (request.body.messages as Array<{ content: string }>).at(-1)!.content;
    expect(prompt).toContain("reasoning (hidden from the user): The policy says no, but I will say it was refunded anyway.");
    expect(prompt).toContain('calls tool lookup_order({"id":7})');
    expect(prompt).toContain("Your refund has been issued.");
  });

  it("makes no requests for what it already judged: the cache covers equal content too, only errors are tried again", async () => {
    const okIds = ["case-ok-1", "case-ok-2", "case-429", "case-500"].map((name) => traceIds.get(name)!);
    const before = server.requests.length;
    const again = await runJudges(db, { projectId, judgeIds: [judgeId], traceIds: [...okIds, duplicateId] });
    expect(server.requests.length).toBe(before);
    expect(again).toMatchObject({ verdicts: 0, cached: 5, requests: 0, costUsd: 0 });
    // The duplicate's verdict is a copy that cost nothing.
    expect(await db.verdict.findUniqueOrThrow({ where: { judgeVersionId_traceId: { judgeVersionId: versionId, traceId: duplicateId } } })).toMatchObject({ label: "fail", costUsd: 0, error: null });

    const retried = await runJudges(db, { projectId, judgeIds: [judgeId], traceIds: [...traceIds.values()], jobId: "job-retry" });
    expect(retried).toMatchObject({ cached: 4, verdicts: 2, errors: 2 });
    expect(await db.verdict.count({ where: { judgeVersionId: versionId } })).toBe(7);
    expect(await db.verdict.count({ where: { jobId: "job-retry" } })).toBe(2);
  });
});

describe("runJudges cancelled", () => {
  it("stops, stores no verdict for the request it cut off, and says so", async () => {
    // Cancelled while the first request is in flight (not after a fixed delay, which a loaded machine outruns).
    const controller = new AbortController();
    const slow = await startLlmTestServer(() => {
      controller.abort(new Error("cancelled from /jobs"));
      return { body: chatCompletion(good), delayMs: 300 };
    });
    const disallowSlow = allowJudgeBaseUrls(slow.url);
    try {
      const { judge, version } = await createJudge(db, { projectId, input: { name: uniqueName("slow"), config: { kind: "llm", baseUrl: `${slow.url}/v1`, model: "m", concurrency: 1, maxRetries: 0 } } });
      await expect(runJudges(db, { projectId, judgeIds: [judge.id], traceIds: [...traceIds.values()], signal: controller.signal })).rejects.toThrow("judge run cancelled");
      expect(slow.requests).toHaveLength(1);
      expect(await db.verdict.count({ where: { judgeVersionId: version.id } })).toBe(0);
    } finally {
      disallowSlow();
      await slow.close();
    }
  });
});

describe("runJudges with an Anthropic judge", () => {
  it("reads the verdict from the forced record_verdict tool call", async () => {
    const { judge, version } = await createJudge(db, {
      projectId,
      input: { name: uniqueName("claude"), config: { kind: "llm", provider: "anthropic", baseUrl: anthropic.url, model: "claude-test", maxRetries: 0, pricePerMTokensIn: 3, pricePerMTokensOut: 15 } },
    });
    const result = await runJudges(db, { projectId, judgeIds: [judge.id], traceIds: [traceIds.get("case-ok-1")!] });
    expect(result).toMatchObject({ verdicts: 1, errors: 0, tokensIn: 400, tokensOut: 30 });
    expect(anthropic.requests[0]!.path).toBe("/v1/messages");
    expect(anthropic.requests[0]!.body.tool_choice).toEqual({ type: "tool", name: "record_verdict" });
    const verdict = await db.verdict.findFirstOrThrow({ where: { judgeVersionId: version.id } });
    expect(verdict).toMatchObject({ label: "pass", score: 0.9, rationale: "Did what was asked.", issues: [], error: null });
    expect(verdict.costUsd).toBeCloseTo((400 * 3 + 30 * 15) / 1e6, 12);
  });
});
