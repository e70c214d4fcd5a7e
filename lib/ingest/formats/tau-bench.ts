import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asFiniteNumber, isRecord, nonEmpty, omitKeys } from "../../json/json-value";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import type { FormatReader, Mapped } from "./format-reader";
import { mapSafely } from "./map-safely";
import { normalizeMessages, parseSource } from "./parse-source";

const recordSchema = z.looseObject({
  task_id: z.union([z.number(), z.string()]),
  trial: z.number().optional(),
  reward: z.number(),
  info: z.record(z.string(), z.unknown()).optional(),
  traj: z.array(z.unknown()),
});

/**
 * tau-bench historical trajectories: a JSON list of {task_id, trial, reward, info, traj}.
 * outcome.reward = reward; success = reward >= 1 (tau-bench rewards are 0 or 1); scores = the
 * numeric sub-rewards in info.reward_info.info (r_actions, r_outputs) and info.user_cost.
 * Records carry no id unique beyond their file ((task_id, trial) repeats across models), so
 * externalId is the content hash. The environment is "tau-bench/<domain>", the domain read from
 * the policy heading of the system prompt ("# Airline Agent Policy").
 */
export const tauBenchReader: FormatReader = {
  mapDocument: (value) => {
    if (!Array.isArray(value)) return [{ ok: false, error: "expected a JSON array of tau-bench records" }];
    return value.flatMap((item, index) => mapSafely(index, () => ({ ...mapRecord(item), index })));
  },
};

function mapRecord(value: unknown): Mapped {
  const record = parseSource(recordSchema, value);
  const steps = messagesToSteps(normalizeMessages(record.traj, "traj"));
  const info = record.info ?? {};
  const rewardInfo = isRecord(info.reward_info) ? info.reward_info : {};
  const scores: Record<string, number> = {};
  for (const [key, item] of Object.entries(isRecord(rewardInfo.info) ? rewardInfo.info : {})) {
    const number = asFiniteNumber(item);
    if (number !== null) scores[key] = number;
  }
  const userCost = asFiniteNumber(info.user_cost);
  if (userCost !== null) scores.user_cost = userCost;
  const trace: TraceInput = {
    source: "simulator",
    environment: environmentOf(record.traj),
    task: String(record.task_id),
    ...deriveInputOutput(steps),
    outcome: { reward: record.reward, success: record.reward >= 1, ...(Object.keys(scores).length > 0 ? { scores } : {}) },
    metadata: nonEmpty(omitKeys(record, ["task_id", "reward", "traj"])),
    steps,
  };
  return { ok: true, trace, sourceId: null };
}

function environmentOf(traj: unknown[]): string {
  const first = traj[0];
  const content = isRecord(first) && first.role === "system" && typeof first.content === "string" ? first.content : "";
  const domain = /^#\s*(\w+)\s+agent\s+policy/im.exec(content)?.[1];
  return domain ? `tau-bench/${domain.toLowerCase()}` : "tau-bench";
}
