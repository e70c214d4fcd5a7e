import { describe, expect, it } from "vitest";
import { readJudgeEndpointEnv } from "../env";
import { llmJudgeConfigSchema, type LlmJudgeConfig } from "./judge-config-schema";
import { allowedJudgeEndpoint, assertJudgeEndpointAllowed, checkJudgeEndpoint } from "./judge-endpoint-policy";

const llm = (config: Partial<LlmJudgeConfig>) => llmJudgeConfigSchema.parse({ kind: "llm", model: "m", ...config });
const env = (vars: Record<string, string> = {}) => readJudgeEndpointEnv(vars);
const fields = (config: LlmJudgeConfig, vars?: Record<string, string>) => checkJudgeEndpoint(config, env(vars)).problems.map((p) => p.path);

describe("checkJudgeEndpoint", () => {
  it("by default allows the vendors' APIs and OPENAI_BASE_URL, and no other host, loopback included", () => {
    expect(fields(llm({}))).toEqual([]);
    expect(fields(llm({ baseUrl: "https://api.openai.com/v1" }))).toEqual([]);
    expect(fields(llm({ provider: "anthropic", baseUrl: "https://api.anthropic.com" }))).toEqual([]);
    expect(fields(llm({ baseUrl: "http://127.0.0.1:8000/v1" }))).toEqual(["baseUrl"]);
    expect(fields(llm({ baseUrl: "https://attacker.example/v1" }))).toEqual(["baseUrl"]);
    expect(fields(llm({ baseUrl: "http://vllm.internal:8000/v1" }), { OPENAI_BASE_URL: "http://vllm.internal:8000/v1" })).toEqual([]);
  });

  it("takes the operator's list of origins instead of the default", () => {
    const vars = { GOODHART_JUDGE_BASE_URLS: "http://127.0.0.1:8000, https://llm.example.org" };
    expect(fields(llm({ baseUrl: "http://127.0.0.1:8000/v1" }), vars)).toEqual([]);
    expect(fields(llm({ baseUrl: "https://llm.example.org/openai/v1" }), vars)).toEqual([]);
    expect(fields(llm({ baseUrl: "http://127.0.0.1:8001/v1" }), vars)).toEqual(["baseUrl"]);
    expect(fields(llm({ baseUrl: "https://api.openai.com/v1" }), vars)).toEqual(["baseUrl"]);
    expect(fields(llm({ baseUrl: "http://user:pw@127.0.0.1:8000/v1" }), vars)).toEqual(["baseUrl"]);
  });

  it("names key variables ending in _API_KEY by default, never the server's secrets, whatever the allow-list says", () => {
    const bound = (name: string) => ({ GOODHART_JUDGE_KEY_HOSTS: `${name}=https://api.openai.com` });
    expect(fields(llm({ apiKeyEnv: "TOGETHER_API_KEY" }), bound("TOGETHER_API_KEY"))).toEqual([]);
    for (const name of ["AUTH_SECRET", "DATABASE_URL", "GOODHART_ADMIN_PASSWORD", "GOODHART_TEST_DATABASE_URL", "HOME", "GOODHART_API_KEY"]) {
      expect(fields(llm({ apiKeyEnv: name }), bound(name)), name).toEqual(["apiKeyEnv"]);
      expect(fields(llm({ apiKeyEnv: name }), { ...bound(name), GOODHART_JUDGE_KEY_ENVS: name }), name).toEqual(name === "HOME" ? [] : ["apiKeyEnv"]);
    }
    expect(fields(llm({ apiKeyEnv: "TOGETHER_API_KEY" }), { GOODHART_JUDGE_KEY_ENVS: "VLLM_TOKEN" })).toEqual(["apiKeyEnv"]);
  });

  it("sends a key the operator has not bound nowhere, and a bound one only where it is bound (GEMINI_API_KEY)", () => {
    const allowed = { GOODHART_JUDGE_BASE_URLS: "https://generativelanguage.googleapis.com, https://llm.tenant-b.example, https://api.openai.com" };
    const gemini = (baseUrl: string) => llm({ baseUrl, apiKeyEnv: "GEMINI_API_KEY" });
    expect(checkJudgeEndpoint(gemini("https://llm.tenant-b.example/v1"), env(allowed)).problems).toEqual([
      { path: "apiKeyEnv", message: "apiKeyEnv GEMINI_API_KEY is bound to no endpoint; the operator binds it with GOODHART_JUDGE_KEY_HOSTS=GEMINI_API_KEY=URL" },
    ]);
    const vars = { ...allowed, GOODHART_JUDGE_KEY_HOSTS: "GEMINI_API_KEY=https://generativelanguage.googleapis.com/v1beta/openai" };
    expect(fields(gemini("https://generativelanguage.googleapis.com/v1beta/openai"), vars)).toEqual([]);
    expect(checkJudgeEndpoint(gemini("https://llm.tenant-b.example/v1"), env(vars)).problems).toEqual([
      { path: "apiKeyEnv", message: "apiKeyEnv GEMINI_API_KEY is only sent to https://generativelanguage.googleapis.com, not to https://llm.tenant-b.example" },
    ]);
    expect(fields(gemini("https://api.openai.com/v1"), vars)).toEqual(["apiKeyEnv"]);
    expect(() => env({ GOODHART_JUDGE_KEY_HOSTS: "GEMINI_API_KEY" })).toThrow(/GOODHART_JUDGE_KEY_HOSTS/);
  });

  it("sends a vendor's key to that vendor or the operator's OPENAI_BASE_URL only, and no vendor key to a self-hosted server", () => {
    const vars = { GOODHART_JUDGE_BASE_URLS: "http://127.0.0.1:8000" };
    expect(fields(llm({ baseUrl: "http://127.0.0.1:8000/v1", apiKeyEnv: "OPENAI_API_KEY" }), vars)).toEqual(["apiKeyEnv"]);
    expect(fields(llm({ baseUrl: "https://api.openai.com/v1", apiKeyEnv: "ANTHROPIC_API_KEY" }))).toEqual(["apiKeyEnv"]);
    expect(checkJudgeEndpoint(llm({ baseUrl: "http://127.0.0.1:8000/v1" }), env(vars)).endpoint).toEqual({ baseURL: "http://127.0.0.1:8000/v1", keyEnv: null });
    expect(checkJudgeEndpoint(llm({}), env()).endpoint).toEqual({ baseURL: "https://api.openai.com/v1", keyEnv: "OPENAI_API_KEY" });
    expect(checkJudgeEndpoint(llm({}), env({ OPENAI_BASE_URL: "http://127.0.0.1:9000/v1" })).endpoint).toEqual({ baseURL: "http://127.0.0.1:9000/v1", keyEnv: "OPENAI_API_KEY" });
    expect(checkJudgeEndpoint(llm({ provider: "anthropic" }), env()).endpoint).toEqual({ baseURL: "https://api.anthropic.com", keyEnv: "ANTHROPIC_API_KEY" });
  });

  it("refuses at save time with a 400 naming the fields, and at call time before any request", () => {
    const config = llm({ baseUrl: "http://127.0.0.1:4000/v1", apiKeyEnv: "AUTH_SECRET" });
    expect(() => assertJudgeEndpointAllowed(config, env())).toThrow(expect.objectContaining({ code: "bad_request", message: expect.stringMatching(/^baseUrl http:\/\/127\.0\.0\.1:4000 .*; apiKeyEnv AUTH_SECRET /) }));
    expect(() => allowedJudgeEndpoint(config, env())).toThrow(/^judge endpoint refused: baseUrl/);
  });

  it("refuses an allow-list that is not a list of http(s) URLs, naming the variable", () => {
    expect(() => env({ GOODHART_JUDGE_BASE_URLS: "file:///etc/passwd" })).toThrow(/GOODHART_JUDGE_BASE_URLS/);
    expect(() => env({ GOODHART_JUDGE_KEY_ENVS: "lower_case" })).toThrow(/GOODHART_JUDGE_KEY_ENVS/);
  });
});
