import type { ChatMessage } from "../../traces/messages/chat-message";
import { asCount, asString, type JsonObject } from "../../json/json-value";
import { readOpenInferenceMessages, readOpenInferenceTool } from "./otel-openinference";
import type { OtelSpan } from "./otel-spans";
import { readSpanMessages } from "./otel-span-messages";
import { isVercelCallSpan, isVercelWrapperSpan, readVercelMessages, readVercelTool } from "./otel-vercel-ai";

export type SpanReading =
  | { kind: "inference"; input: ChatMessage[]; output: ChatMessage[]; model: string | null; tokensIn: number | null; tokensOut: number | null }
  | { kind: "tool"; id: string | null; name: string; arguments: unknown; result: unknown }
  | { kind: "other" };

const inferenceOperations = ["chat", "text_completion", "generate_content"];

/**
 * What one span says, whichever attribute family wrote it: OTel GenAI (gen_ai.input/output.messages,
 * gen_ai.prompt.N / gen_ai.completion.N, execute_tool), the Vercel AI SDK (ai.*), OpenInference
 * (llm.*, TOOL spans). A model call with no messages still counts, for its model and tokens.
 * `hasVercelCalls`: the trace has Vercel model-call spans, so the outer ai.* spans only repeat them.
 */
export function readSpan(span: OtelSpan, { hasVercelCalls }: { hasVercelCalls: boolean }): SpanReading {
  const { attributes } = span;
  const operation = asString(attributes["gen_ai.operation.name"]);
  const openInferenceKind = asString(attributes["openinference.span.kind"]);
  if (operation === "execute_tool") {
    return {
      kind: "tool",
      id: asString(attributes["gen_ai.tool.call.id"]),
      name: asString(attributes["gen_ai.tool.name"]) ?? span.name.replace(/^execute_tool\s*/, ""),
      arguments: attributes["gen_ai.tool.call.arguments"],
      result: attributes["gen_ai.tool.call.result"],
    };
  }
  if (attributes["ai.toolCall.name"] !== undefined) return { kind: "tool", ...readVercelTool(attributes) };
  if (openInferenceKind === "TOOL") return { kind: "tool", ...readOpenInferenceTool(attributes, span.name) };

  const isWrapper = isVercelWrapperSpan(attributes);
  if (isWrapper && hasVercelCalls) return { kind: "other" };
  // One family per span: a span that carries two (OpenInference's converters add llm.* beside gen_ai.*) says the same twice.
  const families = [readSpanMessages(attributes), readOpenInferenceMessages(attributes), readVercelMessages(attributes, { isWrapper })];
  const { input, output } = families.find((family) => family.input.length > 0 || family.output.length > 0) ?? { input: [], output: [] };
  const usage = readUsage(attributes);
  const isModelCall =
    (operation !== null && inferenceOperations.includes(operation)) || openInferenceKind === "LLM" || isVercelCallSpan(attributes) || usage.tokensIn !== null || usage.tokensOut !== null;
  if (input.length === 0 && output.length === 0 && !isModelCall) return { kind: "other" };
  return { kind: "inference", input, output, ...usage };
}

function readUsage(attributes: JsonObject) {
  const first = (keys: string[]) => keys.map((key) => asCount(attributes[key])).find((value) => value !== null) ?? null;
  return {
    model:
      ["gen_ai.response.model", "gen_ai.request.model", "llm.model_name", "ai.response.model", "ai.model.id"].map((key) => asString(attributes[key])).find(Boolean) ?? null,
    tokensIn: first(["gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt", "ai.usage.inputTokens", "ai.usage.promptTokens"]),
    tokensOut: first(["gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.completion", "ai.usage.outputTokens", "ai.usage.completionTokens"]),
  };
}
