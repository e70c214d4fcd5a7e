import type { LlmSdks } from "./llm-sdks";

/** A vendor's short error code is shown; anything longer or stranger is upstream text and is not. */
const shortCode = (value: unknown) => (typeof value === "string" && /^[A-Za-z0-9_.-]{1,40}$/.test(value) ? value : null);

/**
 * A failed LLM call as a verdict error: the HTTP status and at most the vendor's short error code.
 * The reply's body is never repeated, so a judge endpoint cannot be used to read what some other
 * server answers (the SDKs' own messages quote the body). `sdks` are the SDKs the call loaded (null
 * when it failed before loading them: then the error is none of theirs).
 */
export function describeLlmError(error: unknown, sdks: LlmSdks | null): Error {
  if (!sdks) return error instanceof Error ? error : new Error(String(error));
  const { OpenAI, Anthropic } = sdks;
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof Anthropic.APIConnectionTimeoutError) return new Error("request timed out");
  if (error instanceof OpenAI.APIUserAbortError || error instanceof Anthropic.APIUserAbortError) return new Error("request aborted");
  if (error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError) return new Error("connection failed");
  if (error instanceof OpenAI.APIError) return httpError(error.status, shortCode(error.code) ?? shortCode(error.type));
  if (error instanceof Anthropic.APIError) {
    const body = error.error as { error?: { type?: unknown } } | undefined;
    return httpError(error.status, shortCode(body?.error?.type));
  }
  return error instanceof Error ? error : new Error(String(error));
}

function httpError(status: number | undefined, code: string | null): Error {
  return new Error(`${status ? `HTTP ${status}` : "no HTTP status"}${code ? ` (${code})` : ""} from the judge endpoint`);
}
