import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";

export type LlmSdks = { OpenAI: typeof OpenAI; Anthropic: typeof Anthropic };

let loading: Promise<LlmSdks> | null = null;

/**
 * The vendors' SDKs, imported at the first LLM call rather than with the modules that make one:
 * most CLI commands, jobs and test files never call an LLM, and importing both SDKs cost each of
 * them about a second at start.
 */
export function loadLlmSdks(): Promise<LlmSdks> {
  return (loading ??= Promise.all([import("openai"), import("@anthropic-ai/sdk")]).then(([openai, anthropic]) => ({ OpenAI: openai.default, Anthropic: anthropic.default })));
}
