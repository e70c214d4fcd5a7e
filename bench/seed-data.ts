// The bench's data sets, generated from a seed (BENCH_SEED, default 2026): the same seed gives the same
// traces, ids, rewards and timestamps on every machine, so runs compare; nothing is read from the repo.
import { createRng, deriveSeed, type Rng } from "../lib/random/prng";
import { traceSchema, type Trace } from "../lib/traces/trace-schema";

export const benchSeed = Number(process.env.BENCH_SEED ?? 2026);

/** A generator for one named data set under the bench's seed. */
export const rngFor = (name: string): Rng => createRng(deriveSeed(benchSeed, name));

/** A UUID-shaped id drawn from the generator (ids are text columns; only uniqueness within a data set matters). */
export function seededId(rng: Rng): string {
  const hex = Array.from({ length: 4 }, () => Math.floor(rng() * 2 ** 32).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// The clock of the generated data: every data set's timestamps count from here, not from now.
export const dataEpoch = Date.UTC(2026, 0, 1);

const environments = ["airline", "retail", "telecom"] as const;

/** The import data set: `count` ten-step traces (user and assistant messages, tool calls with arguments and results). */
export function importTraces(count: number): Trace[] {
  const rng = rngFor("import");
  return Array.from({ length: count }, (_, i) =>
    traceSchema.parse({
      externalId: `bench-${i}`,
      source: rng() < 0.33 ? "rollout" : "production",
      environment: environments[Math.floor(rng() * 3)],
      task: `task-${Math.floor(rng() * 500)}`,
      input: `Customer ${i} asks to change a booking`,
      output: `Done for customer ${i}`,
      outcome: { reward: Math.round(rng() * 100) / 100, success: rng() < 0.5 },
      steps: Array.from({ length: 10 }, (_, s) =>
        s % 3 === 1
          ? { type: "tool_call", role: "assistant", name: "lookup", arguments: { id: i, step: s }, result: { ok: true, seats: Math.floor(rng() * 9) }, latencyMs: Math.round(rng() * 50) }
          : { role: s % 3 === 0 ? "user" : "assistant", content: `message ${s} of trace ${i}: ${"lorem ipsum ".repeat(4 + Math.floor(rng() * 8))}`, tokensIn: 40, tokensOut: 20 },
      ),
    }),
  );
}

/** Every edgeCaseEvery-th trace is the first example of an open review case; its other examples are the traces after it. */
export const edgeCaseEvery = 100;
export const examplesPerEdgeCase = 5;

export type ListTraceRow = {
  id: string;
  externalId: string;
  source: string;
  environment: string;
  runName: string;
  input: string;
  reward: number | null;
  stepCount: number;
  openEdgeCases: number;
  createdAt: Date;
  steps: [string, string];
};

/** The /traces and /review data set, row by row: one trace a second from dataEpoch, the i-th with two message steps. */
export function* listTraceRows(count: number): Generator<ListTraceRow> {
  const rng = rngFor("list");
  for (let i = 0; i < count; i++) {
    yield {
      id: seededId(rng),
      externalId: `t-${i}`,
      source: rng() < 0.33 ? "rollout" : "production",
      environment: environments[Math.floor(rng() * 3)]!,
      runName: `run-${Math.floor(rng() * 200)}`,
      input: `question ${i}`,
      reward: rng() < 0.1 ? null : Math.round(rng() * 100) / 100,
      stepCount: 1 + Math.floor(rng() * 40),
      openEdgeCases: i % edgeCaseEvery < examplesPerEdgeCase ? 1 : 0,
      createdAt: new Date(dataEpoch + i * 1000),
      steps: [`Customer ${i} wants a refund for order ${i * 7}`, `Looking up order ${i * 7} in the Booking System`],
    };
  }
}


const edgeCaseKinds = ["judge_disagreement", "suspected_hack", "metric_divergence"] as const;
const edgeCaseRules = { judge_disagreement: "panel_split", suspected_hack: "reward_high_hack_fires", metric_divergence: "metric_divergence" } as const;

/** The review queue over the trace rows: one open case per edgeCaseEvery traces, `firstTrace` its first example. */
export function* listEdgeCaseRows(traceCount: number) {
  const rng = rngFor("edge-cases");
  for (let firstTrace = 0; firstTrace < traceCount; firstTrace += edgeCaseEvery) {
    const kind = edgeCaseKinds[Math.floor(rng() * edgeCaseKinds.length)]!;
    yield {
      id: seededId(rng),
      firstTrace,
      kind,
      rule: edgeCaseRules[kind],
      environment: environments[Math.floor(rng() * 3)]!,
      groupKey: `bench-${firstTrace}`,
      priority: Math.round(rng() * 1000) / 10,
      title: `Case over traces ${firstTrace} to ${firstTrace + examplesPerEdgeCase - 1}`,
      createdAt: new Date(dataEpoch + firstTrace * 1000),
    };
  }
}
