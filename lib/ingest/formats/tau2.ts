import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asFiniteNumber, isRecord, nonEmpty, omitKeys, type JsonObject } from "../../json/json-value";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { toIsoTime } from "../../traces/messages/to-iso-time";
import type { FormatReader, Mapped } from "./format-reader";
import { mapSafely } from "./map-safely";
import { normalizeMessages, parseSource } from "./parse-source";

const resultsSchema = z.looseObject({
  info: z.record(z.string(), z.unknown()).optional(),
  tasks: z.array(z.looseObject({ id: z.union([z.string(), z.number()]) })).optional(),
  simulations: z.array(z.unknown()),
});

const simulationSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  task_id: z.union([z.string(), z.number()]),
  messages: z.array(z.unknown()),
  reward_info: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * tau2-bench results files `{timestamp, info, tasks, simulations}`: one trace per simulation,
 * joined with its task (metadata.task, with metadata.taskId and metadata.instructions lifted out).
 * outcome.reward = reward_info.reward; success = reward >= 1 (tau2 rewards are products of 0/1
 * checks); scores = reward_info.reward_breakdown (DB, COMMUNICATE, ...) plus agent_cost and user_cost.
 * externalId: "tau2:" + simulation id (a UUID). The run-level `info` is copied into each trace.
 */
export const tau2Reader: FormatReader = {
  mapDocument: (value) =>
    mapSafely(undefined, () => {
      const doc = parseSource(resultsSchema, value);
      const tasks = new Map<string, JsonObject>((doc.tasks ?? []).map((task) => [String(task.id), task]));
      const run = nonEmpty(omitKeys(doc, ["tasks", "simulations"]));
      return doc.simulations.flatMap((sim, index) => mapSafely(index, () => ({ ...mapSimulation(sim, tasks, run), index })));
    }),
};

function mapSimulation(value: unknown, tasks: Map<string, JsonObject>, run: JsonObject | undefined): Mapped {
  const sim = parseSource(simulationSchema, value);
  const steps = messagesToSteps(normalizeMessages(sim.messages.map(toOpenAiShape), "messages"));
  const rewardInfo = sim.reward_info ?? {};
  const reward = asFiniteNumber(rewardInfo.reward);
  const scores: Record<string, number> = {};
  for (const [key, item] of Object.entries(isRecord(rewardInfo.reward_breakdown) ? rewardInfo.reward_breakdown : {})) {
    const number = asFiniteNumber(item);
    if (number !== null) scores[key] = number;
  }
  for (const key of ["agent_cost", "user_cost"]) {
    const number = asFiniteNumber(sim[key]);
    if (number !== null) scores[key] = number;
  }
  const task = tasks.get(String(sim.task_id));
  const scenario = task && isRecord(task.user_scenario) ? task.user_scenario : undefined;
  const environmentInfo = run && isRecord(run.info) && isRecord(run.info.environment_info) ? run.info.environment_info : {};
  const domain = typeof environmentInfo.domain_name === "string" ? environmentInfo.domain_name : null;
  const trace: TraceInput = {
    source: "simulator",
    environment: domain ? `tau2/${domain}` : "tau2",
    task: String(sim.task_id),
    startedAt: toIsoTime(sim.start_time),
    ...deriveInputOutput(steps),
    outcome: {
      ...(reward !== null ? { reward, success: reward >= 1 } : {}),
      ...(Object.keys(scores).length > 0 ? { scores } : {}),
    },
    metadata: {
      taskId: String(sim.task_id),
      ...(scenario?.instructions !== undefined ? { instructions: scenario.instructions } : {}),
      ...(task ? { task } : { taskMissing: true }),
      simulation: omitKeys(sim, ["messages"]),
      ...(run ? { run } : {}),
    },
    steps,
  };
  return { ok: true, trace, sourceId: `tau2:${sim.id}` };
}

/** tau2 tool replies carry the call id as `id` and `error: true` with the message as content. */
function toOpenAiShape(message: unknown): unknown {
  if (!isRecord(message) || message.role !== "tool") return message;
  const { id, error, ...rest } = message;
  return {
    ...rest,
    ...(rest.tool_call_id === undefined && typeof id === "string" ? { tool_call_id: id } : { id }),
    ...(error === true ? { error: typeof rest.content === "string" ? rest.content : "error" } : error ? { error } : {}),
  };
}
