// npx tsx bench/run-chart-only.ts: the run chart rows of `npm run bench` alone (BENCH_RUN_CHART_POINTS, BENCH_POSTGRES_URL).
import { benchRunChart } from "./run-chart-bench";

for (const row of await benchRunChart(Number(process.env.BENCH_RUN_CHART_POINTS ?? 1_000_000))) console.log(`${row.name}  ${row.value}  ${row.note ?? ""}`);
process.exit(0);
