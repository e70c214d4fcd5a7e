import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { describeLlmError } from "./describe-llm-error";
import type { LlmJudgeConfig } from "./judge-config-schema";
import { allowedJudgeEndpoint, isVendorEndpoint, type JudgeEndpoint } from "./judge-endpoint-policy";
import { withEndpointSlot } from "./endpoint-limiter";
import { loadLlmSdks, type LlmSdks } from "./llm-sdks";
import { llmVerdictJsonSchema, MalformedReplyError, parseLlmVerdict, type LlmVerdict } from "./llm-verdict-schema";

export type LlmCall = { verdict: LlmVerdict; tokensIn: number; tokensOut: number };
export type LlmRequest = { config: LlmJudgeConfig; prompt: string; signal?: AbortSignal };
/** A structured answer: its name (the OpenAI schema name, the Anthropic tool name), JSON Schema and parser. */
export type AnswerShape<T> = { name: string; description: string; jsonSchema: Record<string, unknown>; parse: (value: unknown) => T };
export type LlmJsonCall<T> = { value: T; tokensIn: number; tokensOut: number };

const verdictShape: AnswerShape<LlmVerdict> = { name: "record_verdict", description: "Record the verdict on the trace.", jsonSchema: llmVerdictJsonSchema, parse: parseLlmVerdict };

/**
 * One verdict from an LLM endpoint through the vendor's SDK, which retries 429, 5xx, timeouts and
 * dropped connections with exponential backoff (honouring retry-after) up to `maxRetries`.
 * Throws on a failure that outlived its retries and MalformedReplyError on a reply that is not a verdict.
 */
export async function callLlmJudge(request: LlmRequest): Promise<LlmCall> {
  const { value, tokensIn, tokensOut } = await callLlmJson({ ...request, shape: verdictShape });
  return { verdict: value, tokensIn, tokensOut };
}

/**
 * Any structured answer through the same endpoint limit, retries and timeout as a verdict. The
 * operator's endpoint rules are checked first: a refused config makes no request at all.
 */
export async function callLlmJson<T>({ config, prompt, signal, shape }: LlmRequest & { shape: AnswerShape<T> }): Promise<LlmJsonCall<T>> {
  const endpoint = allowedJudgeEndpoint(config);
  let sdks: LlmSdks | null = null;
  try {
    const loaded = (sdks = await loadLlmSdks());
    return await withEndpointSlot(endpoint.baseURL, config.concurrency, () =>
      config.provider === "anthropic" ? callAnthropic(loaded, config, endpoint, prompt, shape, signal) : callOpenAi(loaded, config, endpoint, prompt, shape, signal),
    );
  } catch (error) {
    throw describeLlmError(error, sdks);
  }
}

/** One SDK client per endpoint and settings, so connections are kept alive across requests. */
const clients = new Map<string, OpenAI | Anthropic>();
function clientFor<T extends OpenAI | Anthropic>(config: LlmJudgeConfig, { baseURL, keyEnv }: JudgeEndpoint, make: (options: { apiKey: string; baseURL: string; timeout: number; maxRetries: number }) => T): T {
  const apiKey = readApiKey(keyEnv, baseURL);
  const key = JSON.stringify([config.provider, baseURL, apiKey, config.timeoutMs, config.maxRetries]);
  if (!clients.has(key)) clients.set(key, make({ apiKey, baseURL, timeout: config.timeoutMs, maxRetries: config.maxRetries }));
  return clients.get(key) as T;
}

function readApiKey(keyEnv: string | null, baseURL: string): string {
  const key = keyEnv ? process.env[keyEnv] : undefined;
  if (key) return key;
  // Self-hosted OpenAI-compatible servers (vLLM, Ollama, llama.cpp) take any key; the vendors' APIs do not.
  if (!isVendorEndpoint(baseURL)) return "unused";
  throw new Error(`${keyEnv ?? "an API key variable"} is not set: the judge's API key is read from that environment variable`);
}

async function callOpenAi<T>({ OpenAI }: LlmSdks, config: LlmJudgeConfig, endpoint: JudgeEndpoint, prompt: string, shape: AnswerShape<T>, signal?: AbortSignal): Promise<LlmJsonCall<T>> {
  const client = clientFor(config, endpoint, (options) => new OpenAI(options));
  const completion = await client.chat.completions.create(
    {
      model: config.model,
      temperature: config.temperature,
      max_tokens: config.maxTokens,
      messages: [...(config.systemPrompt ? [{ role: "system" as const, content: config.systemPrompt }] : []), { role: "user" as const, content: prompt }],
      response_format: { type: "json_schema", json_schema: { name: shape.name.replace(/^record_/, ""), strict: true, schema: shape.jsonSchema } },
    },
    { signal },
  );
  const content = completion.choices?.[0]?.message?.content;
  if (typeof content !== "string" || content.trim() === "") throw new MalformedReplyError("reply has no message content");
  return { value: shape.parse(content), tokensIn: completion.usage?.prompt_tokens ?? 0, tokensOut: completion.usage?.completion_tokens ?? 0 };
}

/**
 * Anthropic's Messages API (SDK 1.x) takes no temperature, so the config's is not sent.
 * It has no response_format: a forced tool call whose input schema is the verdict gives the same guarantee.
 */
async function callAnthropic<T>({ Anthropic }: LlmSdks, config: LlmJudgeConfig, endpoint: JudgeEndpoint, prompt: string, shape: AnswerShape<T>, signal?: AbortSignal): Promise<LlmJsonCall<T>> {
  const client = clientFor(config, endpoint, (options) => new Anthropic(options));
  const message = await client.messages.create(
    {
      model: config.model,
      max_tokens: config.maxTokens,
      ...(config.systemPrompt ? { system: config.systemPrompt } : {}),
      messages: [{ role: "user", content: prompt }],
      tools: [{ name: shape.name, description: shape.description, input_schema: shape.jsonSchema as unknown as Anthropic.Tool.InputSchema }],
      tool_choice: { type: "tool", name: shape.name },
    },
    { signal },
  );
  const toolUse = message.content?.find((block) => block.type === "tool_use");
  const text = message.content?.find((block) => block.type === "text");
  const raw = toolUse && toolUse.type === "tool_use" ? toolUse.input : text && text.type === "text" ? text.text : undefined;
  if (raw === undefined) throw new MalformedReplyError(`reply has neither a ${shape.name} tool call nor text`);
  return { value: shape.parse(raw), tokensIn: message.usage?.input_tokens ?? 0, tokensOut: message.usage?.output_tokens ?? 0 };
}
