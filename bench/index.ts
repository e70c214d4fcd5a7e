// npm run bench: every figure next to a baseline measured in the same run; writes bench/results.json and
// prints a Markdown table. The settings below (env vars) shrink a quick run; docs/performance.md.
import { benchBackup } from "./backup-bench";
import { benchImport } from "./import-bench";
import { benchJudgeThroughput } from "./judge-throughput";
import { benchLists } from "./list-bench";
import { benchListsOverHttp } from "./list-http-bench";
import { benchMonitor } from "./monitor-bench";
import { benchMonitorIntake } from "./monitor-intake-bench";
import { benchReward } from "./reward-throughput";
import { benchRunChart } from "./run-chart-bench";
import { benchSeed } from "./seed-data";
import type { Figure } from "./figures";
import { machine, markdownTable, writeResults } from "./results";

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not ${process.env[name]}`);
  return value;
};

const sections = ["import", "lists", "lists-http", "judges", "reward", "run-chart", "monitor", "intake", "backup"] as const;
const only = (process.env.BENCH_ONLY ?? sections.join(",")).split(",").map((name) => name.trim());
const unknown = only.filter((name) => !(sections as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`BENCH_ONLY names ${unknown.join(", ")}; the sections are ${sections.join(", ")}`);

const settings = {
  seed: benchSeed,
  sections: only,
  postgres: Boolean(process.env.BENCH_POSTGRES_URL),
  importTraces: count("BENCH_IMPORT_TRACES", 100_000),
  listTraces: count("BENCH_LIST_TRACES", 1_000_000),
  listRounds: count("BENCH_LIST_ROUNDS", 20),
  listDatabases: process.env.BENCH_LIST_DATABASES ?? "sqlite,postgresql",
  judgeTraces: count("BENCH_JUDGE_TRACES", 2_000),
  rewardBatches: count("BENCH_REWARD_BATCHES", 10),
  runChartPoints: count("BENCH_RUN_CHART_POINTS", 1_000_000),
  runChartRounds: count("BENCH_RUN_CHART_ROUNDS", 50),
  monitorNullRuns: count("BENCH_MONITOR_NULL_RUNS", 200),
  monitorDelayRuns: count("BENCH_MONITOR_DELAY_RUNS", 40),
  monitorOracleRuns: count("BENCH_MONITOR_ORACLE_RUNS", 200),
  intakePoints: count("BENCH_INTAKE_POINTS", 1_000_000),
  intakeRounds: count("BENCH_INTAKE_ROUNDS", 20),
  backupTraces: count("BENCH_BACKUP_TRACES", 20_000),
};
const postgresUrl = process.env.BENCH_POSTGRES_URL || undefined;
const listDatabaseNames = (process.env.BENCH_LIST_DATABASES ?? "sqlite,postgresql").split(",").map((name) => name.trim());
if (listDatabaseNames.some((name) => name !== "sqlite" && name !== "postgresql")) throw new Error(`BENCH_LIST_DATABASES names ${listDatabaseNames.join(", ")}; the databases are sqlite, postgresql`);
const listDatabases = { sqlite: listDatabaseNames.includes("sqlite"), postgresql: listDatabaseNames.includes("postgresql") };

const startedAt = new Date();
const machineAtStart = machine();
const { cpus, cpuModel, loadAverage } = machineAtStart;
console.error(`bench: ${cpus} × ${cpuModel}, load ${loadAverage.map((load) => load.toFixed(1)).join(" ")}; ${JSON.stringify(settings)}`);
if (!postgresUrl) console.error("bench: BENCH_POSTGRES_URL is not set, so the PostgreSQL figures are left out");

const runs: Record<(typeof sections)[number], () => Promise<Figure[]>> = {
  import: () => benchImport({ count: settings.importTraces, postgresUrl }),
  lists: () => benchLists({ traceCount: settings.listTraces, rounds: settings.listRounds, postgresUrl, databases: listDatabases }),
  "lists-http": () => benchListsOverHttp({ traceCount: settings.listTraces, rounds: settings.listRounds, postgresUrl, databases: listDatabases }),
  judges: () => benchJudgeThroughput(settings.judgeTraces),
  reward: () => benchReward(settings.rewardBatches, postgresUrl),
  "run-chart": () => benchRunChart({ points: settings.runChartPoints, rounds: settings.runChartRounds, postgresUrl }),
  monitor: async () => benchMonitor({ nullRuns: settings.monitorNullRuns, delayRuns: settings.monitorDelayRuns, oracleRuns: settings.monitorOracleRuns }),
  backup: () => benchBackup({ traces: settings.backupTraces, postgresUrl }),
  intake: () => benchMonitorIntake({ points: settings.intakePoints, rounds: settings.intakeRounds, postgresUrl }),
};
const figures: Figure[] = [];
for (const section of sections.filter((name) => only.includes(name))) {
  const started = performance.now();
  figures.push(...(await runs[section]()));
  console.error(`bench: ${section} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
writeResults({ startedAt, machineAtStart, settings, figures });
console.log(markdownTable(figures));
process.exit(0);
