// The monitor's cost per intake: a trainer posts 100 new points (50 steps of a proxy reward and its
// true outcome) to a run that already holds a million, and the job every intake queues
// (runs.divergence: divergence, drift, hack-check rates, verdict) runs over the run. The baseline is
// the same intake on a run of 10,000 points, interleaved round by round: the job's time must not
// grow with the run's length. Two runs: a quiet pair, and one whose proxy parts from its reference
// at 60% of the run, so the detection path (onset, first-fired scan, the case's upsert) runs too.
import { randomUUID } from "node:crypto";
import { PerformanceObserver } from "node:perf_hooks";
import { createDb, providerOfDb, type Db } from "../lib/db/client";
import { runDivergenceHandler } from "../lib/monitor/run-divergence-job";
import { writeMetricPoints } from "../lib/runs/write-metric-points";
import { figure, type Figure, latency } from "./figures";
import { freshDatabase } from "./import-bench";
import { rngFor } from "./seed-data";

const perIntake = 50;

function valuesAt(steps: number, diverging: boolean) {
  const random = rngFor(`monitor-intake-${steps}-${diverging}`);
  const onset = diverging ? Math.round(steps * 0.6) : Infinity;
  return (step: number) => {
    const truth = 0.5 + (random() - 0.5) * 0.2;
    const proxy = truth + (step > onset ? (0.3 * (step - onset)) / steps : 0) + (random() - 0.5) * 0.2;
    return [{ step, name: "reward", value: proxy }, { step, name: "success/rate", value: truth }];
  };
}

async function seedRun(db: Db, projectId: string, points: number, diverging: boolean) {
  const run = await db.trainingRun.create({ data: { projectId, name: `intake-${points}-${diverging ? "diverging" : "quiet"}`, trainer: "external" } });
  const steps = points / 2;
  const at = valuesAt(steps, diverging);
  for (let start = 1; start <= steps; start += 5_000) {
    await writeMetricPoints(db, { runId: run.id, points: Array.from({ length: Math.min(5_000, steps - start + 1) }, (_, i) => at(start + i)).flat() });
  }
  let next = steps + 1;
  /** Posts the next 100 points (not timed), then times the job the post queues. */
  const intake = async () => {
    await writeMetricPoints(db, { runId: run.id, points: Array.from({ length: perIntake }, (_, i) => at(next + i)).flat() });
    next += perIntake;
    const started = performance.now();
    await runDivergenceHandler.handle({ runId: run.id }, { jobId: `bench-${randomUUID()}`, projectId, attempt: 1, db, signal: new AbortController().signal, reportProgress: async () => {} });
    return performance.now() - started;
  };
  return { intake };
}

/** What else ran during a timed intake: the garbage collector's pauses, and PostgreSQL's autovacuum workers (sampled before and after, not timed). */
function roundWitness(db: Db) {
  const pauses: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))));
  observer.observe({ entryTypes: ["gc"] });
  const isPostgres = providerOfDb(db) === "postgresql";
  const autovacuums = async () =>
    isPostgres ? (await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`))[0]!.n : 0;
  const rounds: { ms: number; from: number; to: number; autovacuum: boolean }[] = [];
  return {
    /** Each round with the GC pauses that began inside it (read at the end: the observer is told late). */
    rounds: () => rounds.map(({ ms, from, to, autovacuum }) => ({ ms, autovacuum, gcMs: pauses.filter((p) => p.start >= from && p.start <= to).reduce((sum, p) => sum + p.duration, 0) })),
    stop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
    },
    /** Times `intake` and notes what overlapped it. */
    async observe(intake: () => Promise<number>) {
      const before = await autovacuums();
      const from = performance.now();
      const ms = await intake();
      const to = performance.now();
      const after = await autovacuums();
      rounds.push({ ms, from, to, autovacuum: before + after > 0 });
      return ms;
    },
  };
}

/** Which of the slowest rounds overlapped a GC pause of 5 ms or more, or an autovacuum worker. */
function tailNote(rounds: { ms: number; gcMs: number; autovacuum: boolean }[]): string {
  const slow = [...rounds].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const gcTotal = rounds.reduce((sum, r) => sum + r.gcMs, 0);
  const said = slow.map((r) => `${r.ms.toFixed(0)} ms (GC ${r.gcMs.toFixed(1)} ms${r.autovacuum ? ", autovacuum running" : ""})`);
  return `slowest rounds: ${said.join(", ")}; GC in the job ${gcTotal.toFixed(0)} ms over ${rounds.length} rounds; an autovacuum worker at the edge of ${rounds.filter((r) => r.autovacuum).length} rounds`;
}

async function benchOn(db: Db, database: string, points: number, rounds: number): Promise<Figure[]> {
  try {
    return [await benchPair(db, database, points, rounds, false), await benchPair(db, database, points, rounds, true)];
  } finally {
    await db.$disconnect();
  }
}

async function benchPair(db: Db, database: string, points: number, rounds: number, diverging: boolean): Promise<Figure> {
  const project = await db.project.create({ data: { slug: `bench-intake-${randomUUID().slice(0, 8)}`, name: "bench intake" } });
  try {
    const started = performance.now();
    const long = await seedRun(db, project.id, points, diverging);
    const seedSeconds = (performance.now() - started) / 1000;
    const short = await seedRun(db, project.id, 10_000, diverging);
    await long.intake(); // warm-up: JIT, caches
    await short.intake();
    const longTimes: number[] = [];
    const shortTimes: number[] = [];
    const witness = roundWitness(db);
    try {
      for (let round = 0; round < rounds; round++) {
        shortTimes.push(await short.intake());
        longTimes.push(await witness.observe(long.intake));
      }
    } finally {
      await witness.stop();
    }
    return figure(
      "monitor",
      `monitor job per intake of ${2 * perIntake} points, run of ${points.toLocaleString("en")} points, ${diverging ? "diverging" : "quiet"} pair, ${database}`,
      latency(longTimes),
      { name: "the same intake on a run of 10,000 points", ...latency(shortTimes) },
      `${rounds} rounds; reward against success/rate${diverging ? ", the proxy rising from 60% of the run (a case opened and kept)" : ", no divergence"}; seeded through the metric writer in ${seedSeconds.toFixed(0)} s; ${tailNote(witness.rounds())}`,
    );
  } finally {
    await db.project.delete({ where: { id: project.id } });
  }
}

export async function benchMonitorIntake({ points, rounds, postgresUrl }: { points: number; rounds: number; postgresUrl?: string }): Promise<Figure[]> {
  const { url } = await freshDatabase("monitor-intake");
  const figures = await benchOn(createDb(url), "SQLite", points, rounds);
  if (postgresUrl) figures.push(...(await benchOn(createDb(postgresUrl), "PostgreSQL", points, rounds)));
  return figures;
}
