import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, datasetsDir, okTraces } from "../fixtures/collect-records";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { isRecord, parseJsonArguments, parseJsonDeep } from "../../json/json-value";
import { readObservationMessages } from "./langfuse-messages";

const dir = join(datasetsDir, "langfuse-framework-traces");
const traces = ["openai-agents-2025-09-30", "claude-agent-2025-12-22", "langgraph-python-2025-08-22", "crewai-2025-07-11"];

type Comparable = { role: string; text: string; toolCalls: { id: string | null; name: string; arguments: unknown }[]; toolCallId: string | null };

/** Langfuse's expected ChatML message, reduced to what both sides must agree on. */
function fromChatMl(message: Record<string, unknown>): Comparable {
  const content = message.content;
  const parts = Array.isArray(content) ? content.filter(isRecord) : [];
  const text = typeof content === "string" ? content : parts.filter((part) => part.type === "text").map((part) => String(part.text)).join("\n");
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isRecord) : [];
  return {
    role: String(message.role),
    text,
    toolCalls: [
      ...calls.map((call) => ({ id: (call.id as string) ?? null, name: String(call.name), arguments: parseJsonArguments(call.arguments) })),
      ...parts.filter((part) => part.type === "tool_use").map((part) => ({ id: String(part.id), name: String(part.name), arguments: part.input })),
    ],
    toolCallId: typeof message.tool_call_id === "string" ? message.tool_call_id : null,
  };
}

function fromOurs(message: ChatMessage): Comparable {
  return {
    role: message.role,
    text: message.content ?? "",
    toolCalls: message.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
    toolCallId: message.toolCallId ?? null,
  };
}

describe("langfuse importer against Langfuse's own normalised ChatML", () => {
  it("reproduces roles, contents and tool calls of every generation the oracle could parse", () => {
    let compared = 0;
    for (const name of traces) {
      const exported = JSON.parse(readFileSync(join(dir, `${name}.trace.json`), "utf8")) as { observations: Record<string, unknown>[] };
      const oracle = JSON.parse(readFileSync(join(dir, `${name}.chatml.json`), "utf8")) as Record<string, Record<string, { success: boolean; data?: Record<string, unknown>[] }>>;
      for (const observation of exported.observations.filter((item) => item.type === "GENERATION")) {
        const expected = oracle[String(observation.id)];
        expect(expected, `${name}: oracle entry for ${String(observation.id)}`).toBeDefined();
        for (const side of ["input", "output"] as const) {
          const entry = expected?.[side];
          // Where Langfuse itself could not parse the side (success: false), there is nothing to match.
          if (!entry?.success || !entry.data) continue;
          const ours = readObservationMessages(parseJsonDeep(observation[side]), side).messages.map(fromOurs);
          expect(ours, `${name} ${String(observation.id)} ${side}`).toEqual(entry.data.map(fromChatMl));
          compared++;
        }
      }
    }
    // openai-agents 2 generations x 2 sides, claude 4 outputs, langgraph 2 x 2, crewai 1 input.
    expect(compared).toBe(13);
  });

  it("puts the LangChain tool definitions aside instead of reading them as tool messages", () => {
    const exported = JSON.parse(readFileSync(join(dir, "langgraph-python-2025-08-22.trace.json"), "utf8")) as { observations: Record<string, unknown>[] };
    const generation = exported.observations.find((item) => item.id === "4f6535aaebcda355");
    const { messages, tools } = readObservationMessages(parseJsonDeep(generation?.input), "input");
    expect(messages.map((message) => message.role)).toEqual(["user", "user"]);
    expect(tools).toEqual([expect.objectContaining({ type: "function", function: expect.objectContaining({ name: "Web-Search" }) })]);
  });

  it("rebuilds each trace's conversation once, with tool results attached and scores as outcome", async () => {
    const shapes: Record<string, string[]> = {};
    for (const name of traces) {
      const [trace] = okTraces(await collectRecords({ path: join(dir, `${name}.trace.json`) }));
      shapes[name] = (trace?.steps ?? []).map((step) => `${step.type}:${step.role}${step.name ? `:${step.name}` : ""}${step.result === undefined ? "" : "+result"}`);
    }
    expect(shapes).toEqual({
      "openai-agents-2025-09-30": ["message:user", "tool_call:assistant:get_weather+result", "message:assistant"],
      "claude-agent-2025-12-22": [
        "message:user",
        "message:assistant",
        "tool_call:assistant:mcp__weather__get_weather+result",
        "tool_call:assistant:mcp__weather__get_weather+result",
        "message:assistant",
      ],
      "langgraph-python-2025-08-22": ["message:user", "message:user", "tool_call:assistant:Web-Search+result", "message:assistant"],
      "crewai-2025-07-11": ["message:system", "message:user", "message:assistant"],
    });

    const [claude] = okTraces(await collectRecords({ path: join(dir, "claude-agent-2025-12-22.trace.json") }));
    const calls = claude?.steps.filter((step) => step.type === "tool_call") ?? [];
    // Each TOOL observation lands on the call with the same arguments.
    expect(calls.map((step) => [step.arguments, JSON.stringify(step.result)])).toEqual([
      [{ city: "Berlin" }, expect.stringContaining("Weather in Berlin")],
      [{ city: "New York" }, expect.stringContaining("Weather in New York")],
    ]);
    expect(claude?.externalId).toBe("langfuse:097f1d8982fa909b8cffb14a166ec272");
    expect(claude?.outcome?.scores).toEqual({ correctness: 0, hallucination: 1, toxicity: 0 });
    expect(claude?.steps[1]).toMatchObject({ tokensIn: 19, tokensOut: 29, latencyMs: 3197, startedAt: "2025-12-22T10:46:15.528Z" });
    const langfuse = claude?.metadata?.langfuse as { observations: unknown[]; trace: Record<string, unknown> };
    expect(langfuse.observations).toHaveLength(7);
    expect(langfuse.trace.input).toEqual({ prompt: "What's the weather like in Berlin and New York?", system: expect.any(String) });
  });

  it("also reads the API's trace object, observations inside, and rejects an export without a trace id", async () => {
    const exported = JSON.parse(readFileSync(join(dir, "crewai-2025-07-11.trace.json"), "utf8")) as { trace: Record<string, unknown>; observations: unknown[] };
    const bare = JSON.stringify({ ...exported.trace, observations: exported.observations });
    const [fromBare] = okTraces(await collectRecords({ text: bare }, { format: "langfuse" }));
    const [fromExport] = okTraces(await collectRecords({ path: join(dir, "crewai-2025-07-11.trace.json") }));
    expect(fromBare?.steps).toEqual(fromExport?.steps);
    expect(fromBare?.externalId).toBe(fromExport?.externalId);

    const broken = await collectRecords({ text: JSON.stringify({ trace: { name: "x" }, observations: [] }) }, { format: "langfuse" });
    expect(broken.map((record) => !record.ok && record.error)).toEqual(["trace.id: Invalid input: expected string, received undefined"]);
  });
});

describe("langfuse importer: tool names and latency", () => {
  it("names a tool by its gen_ai.tool.name, else strips pydantic-ai's 'running tool: ' and OTel's 'execute_tool ', and takes latency from the times", async () => {
    const generation = (id: string, start: string, end: string, output: unknown) => ({ id, type: "GENERATION", startTime: start, endTime: end, latency: 1500, input: [{ role: "user", content: "Weather in Paris?" }], output });
    const call = (name: string, id: string) => ({ role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name, arguments: "{}" } }] });
    const doc = {
      trace: { id: "t-tools", timestamp: "2026-01-01T00:00:00Z" },
      observations: [
        generation("g1", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.500Z", call("get_weather", "c1")),
        { id: "t1", type: "TOOL", name: "running tool: get_weather", startTime: "2026-01-01T00:00:02.000Z", endTime: "2026-01-01T00:00:02.250Z", latency: 250, input: "{}", output: "18C" },
        generation("g2", "2026-01-01T00:00:03.000Z", "2026-01-01T00:00:03.500Z", call("lookup", "c2")),
        { id: "t2", type: "TOOL", name: "execute_tool lookup", startTime: "2026-01-01T00:00:04.000Z", endTime: "2026-01-01T00:00:04.100Z", input: "{}", output: "ok" },
        generation("g3", "2026-01-01T00:00:05.000Z", "2026-01-01T00:00:05.200Z", call("search_web", "c3")),
        { id: "t3", type: "TOOL", name: "agent step 3", metadata: { attributes: { "gen_ai.tool.name": "search_web" } }, startTime: "2026-01-01T00:00:06.000Z", endTime: "2026-01-01T00:00:06.010Z", input: "{}", output: "none" },
      ],
    };
    const [trace] = okTraces(await collectRecords({ bytes: new TextEncoder().encode(JSON.stringify(doc)), fileName: "export.json" }, { format: "langfuse" }));
    const calls = trace?.steps.filter((step) => step.type === "tool_call") ?? [];
    expect(calls.map((step) => [step.name, step.result])).toEqual([
      ["get_weather", "18C"],
      ["lookup", "ok"],
      ["search_web", "none"],
    ]);
    // 1.5 s between the generation's start and end, whatever unit its `latency` field was written in.
    expect(trace?.steps.find((step) => step.type === "tool_call")?.latencyMs).toBe(1500);
  });
});

describe("langfuse importer: each framework export against counts taken from the file itself", () => {
  type Exported = { observations: Record<string, unknown>[] };
  type OracleSide = { success: boolean; data?: Record<string, unknown>[] };
  const number = (value: unknown) => (typeof value === "number" ? value : 0);

  /** Generations whose messages and usage are their own (not an agent run around other generations). */
  function leafGenerations(observations: Record<string, unknown>[]) {
    const generations = observations.filter((item) => item.type === "GENERATION");
    const parents = new Set<unknown>();
    for (const generation of generations) {
      for (let id = generation.parentObservationId; id; id = observations.find((item) => item.id === id)?.parentObservationId) parents.add(id);
    }
    return generations.filter((generation) => !parents.has(generation.id));
  }

  it.each(traces)("%s: every message text once, the system prompt first, exact tool names, tokens and latency as in the file", async (name) => {
    const exported = JSON.parse(readFileSync(join(dir, `${name}.trace.json`), "utf8")) as Exported;
    const oracle = JSON.parse(readFileSync(join(dir, `${name}.chatml.json`), "utf8")) as Record<string, Record<string, OracleSide>>;
    const [trace] = okTraces(await collectRecords({ path: join(dir, `${name}.trace.json`) }));
    const steps = trace?.steps ?? [];

    const generations = leafGenerations(exported.observations);
    const tokensIn = generations.reduce((sum, generation) => sum + number((generation.usageDetails as Record<string, unknown>)?.input), 0);
    const tokensOut = generations.reduce((sum, generation) => sum + number((generation.usageDetails as Record<string, unknown>)?.output), 0);
    expect([steps.reduce((sum, step) => sum + (step.tokensIn ?? 0), 0), steps.reduce((sum, step) => sum + (step.tokensOut ?? 0), 0)]).toEqual([tokensIn, tokensOut]);
    const durations = generations.map((generation) => Date.parse(String(generation.endTime)) - Date.parse(String(generation.startTime)));
    const modelSteps = steps.filter((step) => step.tokensIn !== undefined || step.tokensOut !== undefined);
    expect(modelSteps.map((step) => step.latencyMs).sort()).toEqual(durations.filter((_, index) => number((generations[index]?.usageDetails as Record<string, unknown>)?.output) > 0).sort());

    // Texts Langfuse's own reading finds in the messages: each is one step, no more.
    const texts = new Map<string, string>();
    for (const sides of Object.values(oracle)) {
      for (const side of Object.values(sides)) {
        for (const message of side.success ? (side.data ?? []) : []) {
          const text = fromChatMl(message).text;
          if (text && ["system", "user", "assistant"].includes(String(message.role))) texts.set(text, String(message.role));
        }
      }
    }
    for (const [text, role] of texts) expect(steps.filter((step) => step.content === text).map((step) => step.role), text.slice(0, 60)).toEqual([role]);
    if ([...texts.values()].includes("system")) expect(steps[0]?.role).toBe("system");

    const toolNames = exported.observations.filter((item) => item.type === "TOOL").map((item) => String(item.name));
    const called = steps.filter((step) => step.type === "tool_call");
    for (const toolName of toolNames) expect(called.map((step) => step.name)).toContain(toolName);
    expect(called.filter((step) => step.result !== undefined).length).toBeGreaterThanOrEqual(toolNames.length);
  });
});
