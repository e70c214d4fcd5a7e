import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tauBenchReader } from "../ingest/formats/tau-bench";
import { traceSchema } from "../traces/trace-schema";
import { assertDatasetsPresent, datasetsDir } from "../testing/datasets-dir";
import { recordedToolCalls } from "./recorded-tool-calls";
import { createReplaySimulator } from "./replay-simulator";

type RawMessage = { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string };
type RawRecord = { task_id: number; trial: number; traj: RawMessage[] };

assertDatasetsPresent();
const raw = JSON.parse(readFileSync(join(datasetsDir, "tau-bench/gpt-4o-airline.json"), "utf8")) as RawRecord[];
// The simulator is built from the steps the importer makes of each record, as a mined task's world is.
const mapped = [...tauBenchReader.mapDocument!(raw, {})];

/**
 * The recorded actions of a trajectory, read from the raw file: each call with the tool reply that
 * answered it (the next reply with its id: tau-bench reuses call ids within a trajectory).
 */
function actionsOf(record: RawRecord) {
  const actions: { name: string; arguments: string; reply?: string | null }[] = [];
  const open = new Map<string, (typeof actions)[number]>();
  for (const message of record.traj) {
    for (const call of message.tool_calls ?? []) {
      const action = { name: call.function.name, arguments: call.function.arguments };
      actions.push(action);
      open.set(call.id, action);
    }
    const answered = message.role === "tool" && message.tool_call_id ? open.get(message.tool_call_id) : undefined;
    if (answered) {
      answered.reply = message.content;
      open.delete(message.tool_call_id!);
    }
  }
  return actions;
}

function simulatorOf(index: number) {
  const item = mapped[index]!;
  if (!item.ok) throw new Error(`record ${index} did not import: ${item.error}`);
  return createReplaySimulator(recordedToolCalls(traceSchema.parse(item.trace).steps));
}

describe("replaying tau-bench airline trajectories", () => {
  it("answers every recorded action of all 200 trajectories with exactly its recorded tool result", () => {
    expect(raw).toHaveLength(200);
    let actions = 0;
    raw.forEach((record, index) => {
      const simulator = simulatorOf(index);
      for (const action of actionsOf(record)) {
        const answer = simulator.call(action.name, action.arguments);
        expect(answer, `task ${record.task_id} trial ${record.trial}: ${action.name} ${action.arguments}`).toMatchObject({
          unseen: false,
          result: action.reply,
        });
        actions += 1;
      }
    });
    // The file's tool calls, counted from the raw trajectories: the test replayed them all.
    expect(actions).toBe(raw.reduce((sum, record) => sum + actionsOf(record).length, 0));
    // 1,164 tool calls in 182 of the 200 trajectories, counted from the file outside this code.
    expect(actions).toBe(1164);
  });

  it("matches a recorded action however its arguments are spelled: key order, whitespace, number format", () => {
    const index = raw.findIndex((record) => actionsOf(record).some((a) => Object.keys(JSON.parse(a.arguments)).length >= 2));
    const action = actionsOf(raw[index]!).find((a) => Object.keys(JSON.parse(a.arguments)).length >= 2)!;
    const parsed = JSON.parse(action.arguments) as Record<string, unknown>;
    const reordered = Object.fromEntries(
      Object.entries(parsed)
        .reverse()
        .map(([key, value]) => [key, typeof value === "string" ? `  ${value} ` : value]),
    );
    const respaced = JSON.stringify(reordered, null, 4).replace(/(\d+)(?=[,\n])/g, "$1.0");
    expect(respaced).not.toBe(action.arguments);
    expect(simulatorOf(index).call(action.name, respaced)).toMatchObject({ unseen: false, result: action.reply });
  });

  it("answers a changed action with an unseen-call result naming the tool and arguments", () => {
    const index = raw.findIndex((record) => actionsOf(record).some((a) => a.name === "get_reservation_details"));
    const action = actionsOf(raw[index]!).find((a) => a.name === "get_reservation_details")!;
    const recordedId = (JSON.parse(action.arguments) as { reservation_id: string }).reservation_id;
    const simulator = simulatorOf(index);
    const answer = simulator.call(action.name, JSON.stringify({ reservation_id: "NOSUCH" }));
    expect(answer).toEqual({
      unseen: true,
      tool: "get_reservation_details",
      arguments: { reservation_id: "NOSUCH" },
      message: 'unseen call: the origin trace has no recorded result for get_reservation_details with arguments {"reservation_id":"NOSUCH"}',
      recordedCallsOfTool: expect.arrayContaining([{ reservation_id: recordedId }]),
    });
    // A tool the trajectory never called is unseen too, with nothing recorded to list.
    expect(simulator.call("delete_everything", {})).toMatchObject({ unseen: true, tool: "delete_everything", recordedCallsOfTool: [] });
  });
});
