import { describe, expect, it } from "vitest";
import { collectRecords, okTraces } from "../fixtures/collect-records";

/*
 * Langfuse exports in the message shapes each framework integration logs (field names from
 * Langfuse's ChatML adapters, the OTel GenAI semantic conventions and the google-genai types),
 * written here by hand: OTel GenAI `parts` (Microsoft Agent Framework, pydantic-ai), Gemini
 * `contents` (Google ADK), and "role: text" prompt strings with agent runs logged as generations
 * around the model calls (OpenLIT's AutoGen and agno instrumentation).
 */
type Observation = Record<string, unknown> & { id: string; type: string };

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const generation = (id: string, from: number, to: number, input: unknown, output: unknown, usage: { input: number; output: number }, extra: Record<string, unknown> = {}): Observation => ({
  id,
  type: "GENERATION",
  name: "chat",
  startTime: at(from),
  endTime: at(to),
  input,
  output,
  usageDetails: { ...usage, total: usage.input + usage.output },
  ...extra,
});
const toolRun = (id: string, second: number, fields: Record<string, unknown>): Observation => ({ id, type: "TOOL", startTime: at(second), endTime: at(second), input: { city: "Paris" }, output: "18C and sunny", ...fields });

async function importExport(observations: Observation[]) {
  const doc = { trace: { id: `t-${observations[0]?.id ?? "x"}`, timestamp: at(0) }, observations };
  const [trace] = okTraces(await collectRecords({ text: JSON.stringify(doc) }, { format: "langfuse" }));
  return trace;
}

/** What each step says: kind, role, text or tool name, tool result. */
function shapeOf(steps: { type: string; role: string; content?: string | null; name?: string | null; result?: unknown }[]) {
  return steps.map((step) => [step.type, step.role, step.type === "tool_call" ? step.name : step.content, step.result ?? null]);
}

/** Tokens the file gives its model calls: generations that hold no other generation. */
function fileTokens(observations: Observation[]) {
  const parents = new Set(observations.map((item) => item.parentObservationId));
  const leaves = observations.filter((item) => item.type === "GENERATION" && !parents.has(item.id));
  const sum = (key: "input" | "output") => leaves.reduce((total, item) => total + Number((item.usageDetails as Record<string, number>)[key]), 0);
  return { input: sum("input"), output: sum("output"), latencies: leaves.map((item) => Date.parse(String(item.endTime)) - Date.parse(String(item.startTime))) };
}

function stepTokens(steps: { tokensIn?: number | null; tokensOut?: number | null; latencyMs?: number | null }[]) {
  const counted = steps.filter((step) => step.tokensIn !== undefined && step.tokensIn !== null);
  return { input: counted.reduce((sum, step) => sum + (step.tokensIn ?? 0), 0), output: counted.reduce((sum, step) => sum + (step.tokensOut ?? 0), 0), latencies: counted.map((step) => step.latencyMs) };
}

const expectedWeatherRun = [
  ["message", "system", "You answer weather questions.", null],
  ["message", "user", "What is the weather in Paris?", null],
  ["tool_call", "assistant", "get_weather", "18C and sunny"],
  ["message", "assistant", "It is 18C and sunny in Paris.", null],
];

describe("langfuse importer: the message shapes of each framework integration", () => {
  it("reads OTel GenAI parts of the Microsoft Agent Framework: system instructions attribute, [run id, call id] ids, tool_call_response", async () => {
    const attributes = { "gen_ai.system_instructions": JSON.stringify([{ type: "text", content: "You answer weather questions." }]) };
    const user = { role: "user", parts: [{ type: "text", content: "What is the weather in Paris?" }] };
    const call = { role: "assistant", parts: [{ type: "tool_call", id: ["run_7", "call_1"], name: "get_weather", arguments: { city: "Paris" } }] };
    const observations = [
      generation("g1", 1, 2, JSON.stringify([user]), JSON.stringify([call]), { input: 40, output: 12 }, { metadata: { attributes, scope: { name: "agent_framework" } } }),
      toolRun("t1", 3, { name: "execute_tool get_weather", metadata: { attributes: { "gen_ai.tool.name": "get_weather", "gen_ai.tool.call.id": "call_1" } } }),
      generation(
        "g2",
        4,
        6,
        JSON.stringify([user, call, { role: "tool", parts: [{ type: "tool_call_response", id: ["run_7", "call_1"], response: "18C and sunny" }] }]),
        JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: "It is 18C and sunny in Paris." }], finish_reason: "stop" }]),
        { input: 61, output: 9 },
        { metadata: { attributes } },
      ),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual(expectedWeatherRun);
    expect(stepTokens(trace?.steps ?? [])).toEqual(fileTokens(observations));
  });

  it("reads pydantic-ai's parts (system part, tool results in a user message as `result`) and its 'running tool: X' spans, latency from the times", async () => {
    const system = { role: "system", parts: [{ type: "text", content: "You answer weather questions." }] };
    const user = { role: "user", parts: [{ type: "text", content: "What is the weather in Paris?" }] };
    const call = { role: "assistant", parts: [{ type: "tool_call", id: "call_1", name: "get_weather", arguments: { city: "Paris" } }] };
    const observations = [
      // pydantic-ai's exports give `latency` in milliseconds; the times say 1 s and 2 s.
      generation("p1", 1, 2, [system, user], [call], { input: 50, output: 10 }, { latency: 1000, metadata: { scope: { name: "pydantic-ai" } } }),
      { id: "p2", type: "SPAN", name: "running tool: get_weather", startTime: at(3), endTime: at(3), input: { city: "Paris" }, output: "18C and sunny" },
      generation(
        "p3",
        4,
        6,
        [system, user, call, { role: "user", parts: [{ type: "tool_call_response", id: "call_1", name: "get_weather", result: "18C and sunny" }] }],
        [{ role: "assistant", parts: [{ type: "text", content: "It is 18C and sunny in Paris." }] }],
        { input: 70, output: 11 },
        { latency: 2000 },
      ),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual(expectedWeatherRun);
    expect(stepTokens(trace?.steps ?? [])).toEqual({ ...fileTokens(observations), latencies: [1000, 2000] });
  });

  it("reads Google ADK's Gemini contents: config.system_instruction, model role, function_call and function_response parts, and its {content} output", async () => {
    const user = { role: "user", parts: [{ text: "What is the weather in Paris?" }] };
    const call = { role: "model", parts: [{ function_call: { id: "adk-1", name: "get_weather", args: { city: "Paris" } } }] };
    const config = { system_instruction: "You answer weather questions.", tools: [{ function_declarations: [{ name: "get_weather" }] }] };
    const observations = [
      generation("a1", 1, 2, { model: "gemini-2.0-flash", config, contents: [user] }, { content: call, usage_metadata: { prompt_token_count: 30 } }, { input: 30, output: 8 }),
      toolRun("a2", 3, { name: "execute_tool get_weather" }),
      generation(
        "a3",
        4,
        5,
        { model: "gemini-2.0-flash", config, contents: [user, call, { role: "user", parts: [{ function_response: { id: "adk-1", name: "get_weather", response: { result: "18C and sunny" } } }] }] },
        { content: { role: "model", parts: [{ text: "It is 18C and sunny in Paris." }] }, finish_reason: "STOP" },
        { input: 45, output: 10 },
      ),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual(expectedWeatherRun);
    expect(stepTokens(trace?.steps ?? [])).toEqual(fileTokens(observations));
  });

  it("takes a generation's tokens from the model's own answer when Langfuse recorded no usage (Gemini usage_metadata)", async () => {
    const observations = [
      {
        id: "u1",
        type: "GENERATION",
        startTime: at(1),
        endTime: at(3),
        input: { contents: [{ role: "user", parts: [{ text: "What is the weather in Paris?" }] }] },
        output: { content: { role: "model", parts: [{ text: "It is 18C and sunny in Paris." }] }, usage_metadata: { prompt_token_count: 21, candidates_token_count: 9 } },
      },
    ];
    const trace = await importExport(observations);
    expect(trace?.steps.map((step) => [step.role, step.content, step.tokensIn ?? null, step.tokensOut ?? null, step.latencyMs ?? null])).toEqual([
      ["user", "What is the weather in Paris?", null, null, null],
      ["assistant", "It is 18C and sunny in Paris.", 21, 9, 2000],
    ]);
  });

  it("reads Google ADK's request, response and tool call from the span attributes when the observation's input and output are empty", async () => {
    const user = { role: "user", parts: [{ text: "What is the weather in Paris?" }] };
    const call = { role: "model", parts: [{ function_call: { id: "adk-1", name: "get_weather", args: { city: "Paris" } } }] };
    const request = (contents: unknown[]) => JSON.stringify({ model: "gemini-2.0-flash", config: { system_instruction: "You answer weather questions." }, contents });
    const observations = [
      generation("d1", 1, 2, null, null, { input: 30, output: 8 }, { metadata: { attributes: { "gcp.vertex.agent.llm_request": request([user]), "gcp.vertex.agent.llm_response": JSON.stringify({ content: call }) } } }),
      toolRun("d2", 3, {
        name: "execute_tool get_weather",
        input: null,
        output: null,
        metadata: { attributes: { "gen_ai.tool.name": "get_weather", "gcp.vertex.agent.tool_call_args": '{"city": "Paris"}', "gcp.vertex.agent.tool_response": '"18C and sunny"' } },
      }),
      generation("d3", 4, 5, null, null, { input: 45, output: 10 }, {
        metadata: {
          attributes: {
            "gcp.vertex.agent.llm_request": request([user, call, { role: "user", parts: [{ function_response: { id: "adk-1", name: "get_weather", response: "18C and sunny" } }] }]),
            "gcp.vertex.agent.llm_response": JSON.stringify({ content: { role: "model", parts: [{ text: "It is 18C and sunny in Paris." }] } }),
          },
        },
      }),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual(expectedWeatherRun);
    expect(stepTokens(trace?.steps ?? [])).toEqual(fileTokens(observations));
  });

  it("reads Gemini function calls without ids by the tool's name, and camelCase parts", async () => {
    const user = { role: "user", parts: [{ text: "What is the weather in Paris?" }] };
    const call = { role: "model", parts: [{ functionCall: { name: "get_weather", args: { city: "Paris" } } }] };
    const observations = [
      generation("c1", 1, 2, { contents: [user], config: { systemInstruction: { parts: [{ text: "You answer weather questions." }] } } }, { candidates: [{ content: call }] }, { input: 30, output: 8 }),
      generation(
        "c2",
        4,
        5,
        { contents: [user, call, { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { result: "18C and sunny" } } }] }], config: { systemInstruction: { parts: [{ text: "You answer weather questions." }] } } },
        { candidates: [{ content: { role: "model", parts: [{ text: "It is 18C and sunny in Paris." }] } }] },
        { input: 45, output: 10 },
      ),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual([...expectedWeatherRun.slice(0, 2), ["tool_call", "assistant", "get_weather", '{"result":"18C and sunny"}'], expectedWeatherRun[3]]);
  });

  it("reads 'role: text' prompt strings (AutoGen through OpenLIT): the system prompt is its own step, lines without a role continue the message", async () => {
    const prompt = "system: You answer weather questions.\nuser: What is the weather in Paris?\nAnswer in one line.";
    const observations = [
      generation("o1", 1, 2, prompt, "", { input: 25, output: 6 }, { output: { role: "assistant", tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }),
      toolRun("o2", 3, { name: "get_weather" }),
      generation("o3", 4, 5, `${prompt}\nassistant: \ntool: 18C and sunny`, "It is 18C and sunny in Paris.", { input: 40, output: 9 }),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual([
      ["message", "system", "You answer weather questions.", null],
      ["message", "user", "What is the weather in Paris?\nAnswer in one line.", null],
      ["tool_call", "assistant", "get_weather", "18C and sunny"],
      ["message", "assistant", "It is 18C and sunny in Paris.", null],
    ]);
    expect(stepTokens(trace?.steps ?? [])).toEqual(fileTokens(observations));
  });

  it("reads an agno run logged as a generation around its model calls once: messages not repeated, tokens not counted twice", async () => {
    const prompt = "system: You answer weather questions.\nuser: What is the weather in Paris?";
    const observations: Observation[] = [
      // The agent run: its input and usage are its model calls' again.
      generation("n0", 1, 6, "What is the weather in Paris?", "It is 18C and sunny in Paris.", { input: 65, output: 17 }, { name: "Agent.run" }),
      generation("n1", 1, 2, prompt, { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] }, { input: 25, output: 8 }, { parentObservationId: "n0" }),
      toolRun("n2", 3, { name: "get_weather", parentObservationId: "n0" }),
      generation("n3", 4, 5, [{ role: "system", content: "You answer weather questions." }, { role: "user", content: "What is the weather in Paris?" }], "It is 18C and sunny in Paris.", { input: 40, output: 9 }, { parentObservationId: "n0" }),
    ];
    const trace = await importExport(observations);
    expect(shapeOf(trace?.steps ?? [])).toEqual(expectedWeatherRun);
    expect(stepTokens(trace?.steps ?? [])).toEqual(fileTokens(observations));
    expect(fileTokens(observations)).toMatchObject({ input: 65, output: 17 });
  });
});
