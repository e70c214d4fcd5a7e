import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { tauBenchReader } from "../ingest/formats/tau-bench";
import { mineTasksFromTraces } from "../tasks/mine-tasks-from-traces";
import { datasetsDir } from "../testing/datasets-dir";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { storeTraces } from "../traces/store-traces";
import { traceSchema } from "../traces/trace-schema";
import { loadReplaySimulator } from "./load-replay-simulator";

type RawRecord = {
  traj: { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
};

// A rollout run in-process (as the lab runs its own) against the world of a task mined from a stored tau-bench trajectory.
const db = getDb();
let projectId: string;
let traceId: string;
const record = (JSON.parse(readFileSync(join(datasetsDir, "tau-bench/gpt-4o-airline.json"), "utf8")) as RawRecord[])[3]!;

beforeAll(async () => {
  projectId = (await makeProject(db, "replay-world")).id;
  const [mapped] = [...tauBenchReader.mapDocument!([record], {})];
  if (!mapped?.ok) throw new Error("the trajectory did not import");
  const externalId = uniqueName("tau");
  const { storedIds } = await storeTraces(db, { projectId, traces: [{ externalId, trace: traceSchema.parse(mapped.trace) }] });
  traceId = storedIds.get(externalId)!;
  await mineTasksFromTraces(db, { projectId });
});
afterAll(() => deleteProject(db, projectId));

describe("loadReplaySimulator", () => {
  it("replays the stored trajectory's recorded actions with exactly their recorded results, and a changed one as unseen", async () => {
    const task = await db.task.findFirstOrThrow({ where: { projectId, originTraceId: traceId } });
    const simulator = await loadReplaySimulator(db, { projectId, taskId: task.id });
    const replies = new Map<string, string | null>();
    const calls: { id: string; name: string; arguments: string }[] = [];
    for (const message of record.traj) {
      for (const call of message.tool_calls ?? []) calls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments });
      if (message.role === "tool" && message.tool_call_id)
        replies.set(`${message.tool_call_id}:${calls.findLastIndex((c) => c.id === message.tool_call_id)}`, message.content);
    }
    expect(calls.length).toBe(20);
    calls.forEach((call, index) =>
      expect(simulator.call(call.name, call.arguments), call.name).toMatchObject({ unseen: false, result: replies.get(`${call.id}:${index}`) }),
    );
    const changed = { ...(JSON.parse(calls[0]!.arguments) as Record<string, unknown>), user_id: "not_a_user_0" };
    expect(simulator.call(calls[0]!.name, changed)).toMatchObject({ unseen: true, tool: calls[0]!.name, arguments: changed });
  });
});
