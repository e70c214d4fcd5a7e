// The monitor's cost per intake: a trainer posts 100 new points (50 steps of a proxy reward and its
// true outcome) to a run that already holds a million, and the job every intake queues
// (runs.divergence: divergence, drift, hack-check rates, verdict) runs over the run. The baseline is
// the same intake on a run of 10,000 points, interleaved round by round: the job's time must not
// grow with the run's length. Two runs: a quiet pair, and one whose proxy parts from its reference
// at 60% of the run, so the detection path (onset, first-fired scan, the case's upsert) runs too.
import { randomUUID } from "node:crypto";
import { createDb, type Db } from "../lib/db/client";
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
    for (let round = 0; round < rounds; round++) {
      shortTimes.push(await short.intake());
      longTimes.push(await long.intake());
    }
    return figure(
      "monitor",
      `monitor job per intake of ${2 * perIntake} points, run of ${points.toLocaleString("en")} points, ${diverging ? "diverging" : "quiet"} pair, ${database}`,
      latency(longTimes),
      { name: "the same intake on a run of 10,000 points", ...latency(shortTimes) },
      `${rounds} rounds; reward against success/rate${diverging ? ", the proxy rising from 60% of the run (a case opened and kept)" : ", no divergence"}; seeded through the metric writer in ${seedSeconds.toFixed(0)} s`,
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
