// Preloaded into the reward server by bench/reward-server-cpu.ts (node --import), driven by lines on
// its stdin: "report" writes how much of the process's wall time had at least one PostgreSQL query
// outstanding (a union of intervals, so 64 requests waiting on one flush count once) and how many
// queries were sent; "profile-start" and "profile-stop FILE" take a CPU profile of the part between.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const pg = createRequire(import.meta.url)("pg") as typeof import("pg");
let outstanding = 0;
let busySince = 0;
let busyMs = 0;
let queries = 0;
// Wall time by statement (its first words), each query on its own: where a flush's waiting goes.
const byStatement = new Map<string, number>();
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  const result = original.apply(this, args);
  if (!(result instanceof Promise)) return result;
  queries += 1;
  const sent = performance.now();
  if (outstanding++ === 0) busySince = sent;
  const first = args[0];
  const text = typeof first === "string" ? first : typeof first === "object" && first !== null && "text" in first ? String(first.text) : "?";
  const statement = text.replace(/\s+/g, " ").slice(0, 40);
  const done = () => {
    const now = performance.now();
    byStatement.set(statement, (byStatement.get(statement) ?? 0) + now - sent);
    if (--outstanding === 0) busyMs += now - busySince;
  };
  result.then(done, done);
  return result;
} as typeof pg.Client.prototype.query;

const session = new Session();
session.connect();
createInterface({ input: process.stdin }).on("line", (line) => void command(line.trim()));

async function command(line: string) {
  const [name, file] = line.split(" ");
  if (name === "report") {
    const now = outstanding > 0 ? busyMs + performance.now() - busySince : busyMs;
    process.stdout.write(`probe ${JSON.stringify({ busyMs: now, queries, byStatement: Object.fromEntries(byStatement) })}\n`);
  } else if (name === "profile-start") {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
    process.stdout.write("probe {}\n");
  } else if (name === "profile-stop") {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file!, JSON.stringify(profile));
    process.stdout.write("probe {}\n");
  }
}
