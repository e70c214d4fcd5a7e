// npm run bench: prints one table. BENCH_IMPORT_TRACES, BENCH_LIST_TRACES, BENCH_JUDGE_TRACES, BENCH_REWARD_BATCHES and BENCH_RUN_CHART_POINTS shrink a quick run.
import { benchImport, benchList, type BenchRow } from "./import-bench";
import { benchJudgeThroughput } from "./judge-throughput";
import { benchReward } from "./reward-throughput";
import { benchRunChart } from "./run-chart-bench";

const importCount = Number(process.env.BENCH_IMPORT_TRACES ?? 100_000);
const listCount = Number(process.env.BENCH_LIST_TRACES ?? 1_000_000);
const judgeCount = Number(process.env.BENCH_JUDGE_TRACES ?? 2_000);
const rewardBatches = Number(process.env.BENCH_REWARD_BATCHES ?? 10);
const runChartPoints = Number(process.env.BENCH_RUN_CHART_POINTS ?? 1_000_000);

const rows: BenchRow[] = [
  ...(await benchImport(importCount)),
  ...(await benchList(listCount)),
  ...(await benchJudgeThroughput(judgeCount)),
  ...(await benchReward(rewardBatches)),
  ...(await benchRunChart(runChartPoints)),
];
const width = Math.max(...rows.map((row) => row.name.length));
const valueWidth = Math.max(...rows.map((row) => row.value.length));
console.log(`${"benchmark".padEnd(width)}  ${"result".padStart(valueWidth)}  note`);
for (const row of rows) console.log(`${row.name.padEnd(width)}  ${row.value.padStart(valueWidth)}  ${row.note ?? ""}`);
process.exit(0);
