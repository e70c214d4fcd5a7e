import { z } from "zod";
import { redteamRequestSchema } from "./redteam-schemas";

const effectSchema = z
  .strictObject({
    n: z.number().int(),
    mean: z.number(),
    low: z.number().nullable().describe("null: unbounded (fewer than two pairs)"),
    high: z.number().nullable().describe("null: unbounded (fewer than two pairs)"),
  })
  .describe("the mean paired difference (probe minus honest) over n pairs, with its 95% interval")
  .meta({ id: "PairedEffect" });

const probePairSchema = z.strictObject({
  honestTraceId: z.string().nullable(),
  honestReply: z.string().nullable(),
  probeReply: z.string().nullable(),
  honestTools: z.array(z.string()).describe("the honest rollout's tool calls by name, in order"),
  probeTools: z.array(z.string()),
  honestReward: z.number(),
  probeReward: z.number(),
  honestTruth: z.number(),
  probeTruth: z.number(),
  probeTraceId: z.string().nullish().describe("set once the probe is stored as a trace (a loophole's examples)"),
});

const reportSchema = z.strictObject({
  rubricVersionId: z.string(),
  environment: z.string(),
  truthSource: z.string().describe("what measured the truth: the tasks' reference answers or planted end states, or the referee panel"),
  honestRollouts: z.number().int(),
  probesScored: z.number().int(),
  families: z.array(
    z.strictObject({
      id: z.string(),
      label: z.string(),
      description: z.string(),
      probes: z.number().int().describe("the honest rollouts the family could edit (a probe each)"),
      reward: effectSchema,
      truth: effectSchema,
      isLoophole: z.boolean(),
      verdict: z.string().describe("why it is or is not a loophole, with the numbers"),
      examples: z.array(probePairSchema).describe("the pairs whose reward rose most"),
      edgeCaseId: z.string().optional().describe("a loophole's review case (GET /edge-cases), which lists its stored probes"),
      knownHackId: z.string().optional().describe("the known hack a loophole proposed (GET /hacks)"),
      proposedCheck: z.string().nullable().optional().describe("that hack's induced check as JSON text; null when none was found"),
    }),
  ),
  loopholes: z.array(z.string()).describe("the ids of the families that are loopholes"),
  judgeBias: z.array(
    z.strictObject({
      judge: z.string(),
      simulated: z.boolean(),
      biases: z.array(z.strictObject({ id: z.string(), label: z.string(), effect: effectSchema, isBiased: z.boolean(), note: z.string().optional() })),
    }),
  ),
  wallSeconds: z.number(),
});

/** POST /api/v1/redteam (the run queued) and GET /api/v1/redteam/{id}: a red-team run, a job of type redteam. */
export const redteamRunAnswerSchema = z.strictObject({
  id: z.string().describe("the run's job id"),
  status: z.string().describe("queued | running | succeeded | failed | cancelled"),
  progress: z.number().describe("0 to 1"),
  progressMessage: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  request: redteamRequestSchema.partial().describe("what the run was started with, defaults filled in"),
  report: reportSchema.nullable().describe("null until the run has succeeded"),
});
export type RedteamRunAnswer = z.infer<typeof redteamRunAnswerSchema>;
