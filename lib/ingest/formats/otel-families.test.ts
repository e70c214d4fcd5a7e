import { describe, expect, it } from "vitest";
import { collectRecords, okTraces } from "../fixtures/collect-records";

type Attribute = { key: string; value: Record<string, unknown> };
const attr = (key: string, value: string | number): Attribute => ({ key, value: typeof value === "number" ? { intValue: String(value) } : { stringValue: value } });
const span = (spanId: string, start: number, attributes: Attribute[], name = "span") => ({
  traceId: "t0000000000000000000000000000001",
  spanId,
  name,
  startTimeUnixNano: String(1_760_000_000_000_000_000n + BigInt(start) * 1_000_000n),
  endTimeUnixNano: String(1_760_000_000_000_000_000n + BigInt(start + 100) * 1_000_000n),
  attributes,
});
async function readTrace(spans: unknown[]) {
  const records = await collectRecords({ text: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }) }, { format: "otel" });
  const [trace] = okTraces(records);
  return { records, trace, summary: trace?.steps.map((step) => `${step.type}:${step.role}:${step.name ?? step.content ?? ""}`) };
}

describe("OTel attribute families", () => {
  it("reads OpenInference's flattened llm.input_messages / llm.output_messages, contents parts and token counts", async () => {
    const { summary, trace } = await readTrace([
      span("a1", 0, [
        attr("openinference.span.kind", "LLM"),
        attr("llm.model_name", "gpt-4o-mini"),
        attr("llm.input_messages.0.message.role", "system"),
        attr("llm.input_messages.0.message.content", "Be brief."),
        attr("llm.input_messages.1.message.role", "user"),
        attr("llm.input_messages.1.message.contents.0.message_content.type", "text"),
        attr("llm.input_messages.1.message.contents.0.message_content.text", "Convert 100 USD"),
        attr("llm.output_messages.0.message.role", "assistant"),
        attr("llm.output_messages.0.message.tool_calls.0.tool_call.id", "c1"),
        attr("llm.output_messages.0.message.tool_calls.0.tool_call.function.name", "convert"),
        attr("llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments", '{"amount":100}'),
        attr("llm.token_count.prompt", 30),
        attr("llm.token_count.completion", 6),
      ]),
      span("a2", 200, [attr("openinference.span.kind", "TOOL"), attr("tool.name", "convert"), attr("input.value", '{"amount":100}'), attr("output.value", "92 EUR")], "convert"),
    ]);
    expect(summary).toEqual(["message:system:Be brief.", "message:user:Convert 100 USD", "tool_call:assistant:convert"]);
    expect(trace?.steps[2]).toMatchObject({ toolCallId: "c1", arguments: { amount: 100 }, result: "92 EUR", tokensIn: 30, tokensOut: 6, metadata: { model: "gpt-4o-mini" } });
  });

  it("reads the Vercel AI SDK's call spans and skips the outer ai.generateText span that repeats them", async () => {
    const prompt = JSON.stringify([
      { role: "user", content: [{ type: "text", text: "Hi" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "v1", toolName: "lookup", input: { q: "x" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "v1", toolName: "lookup", output: { type: "json", value: { found: true } } }] },
    ]);
    const { summary, trace } = await readTrace([
      span("b0", 0, [attr("operation.name", "ai.generateText"), attr("ai.prompt", '{"prompt":"Hi"}'), attr("ai.response.text", "Found it."), attr("ai.usage.inputTokens", 99)]),
      span("b1", 10, [attr("operation.name", "ai.generateText.doGenerate"), attr("ai.prompt.messages", prompt), attr("ai.response.text", "Found it."), attr("ai.model.id", "m1"), attr("ai.usage.promptTokens", 12), attr("ai.usage.completionTokens", 3)]),
    ]);
    expect(summary).toEqual(["message:user:Hi", "tool_call:assistant:lookup", "message:assistant:Found it."]);
    expect(trace?.steps[1]).toMatchObject({ result: '{"found":true}' });
    expect(trace?.steps[2]).toMatchObject({ tokensIn: 12, tokensOut: 3, metadata: { model: "m1" } });
  });

  it("keeps a model call's model and tokens when the span has no messages", async () => {
    const { summary, trace } = await readTrace([
      span("c1", 0, [attr("gen_ai.operation.name", "chat"), attr("gen_ai.request.model", "gpt-4o"), attr("gen_ai.usage.input_tokens", 15), attr("gen_ai.usage.output_tokens", 4)]),
    ]);
    expect(summary).toEqual(["message:assistant:"]);
    expect(trace?.steps[0]).toMatchObject({ content: null, tokensIn: 15, tokensOut: 4, metadata: { model: "gpt-4o" } });
  });
});
