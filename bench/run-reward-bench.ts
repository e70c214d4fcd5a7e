// npx tsx bench/run-reward-bench.ts: the reward rows of `npm run bench` alone (BENCH_REWARD_BATCHES, BENCH_PORT).
import { benchReward } from "./reward-throughput";

for (const row of await benchReward(Number(process.env.BENCH_REWARD_BATCHES ?? 10))) console.log(`${row.name}  ${row.value}  ${row.note ?? ""}`);
process.exit(0);
