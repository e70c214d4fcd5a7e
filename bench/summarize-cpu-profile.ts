// A CPU profile (.cpuprofile, from REWARD_PROFILE in bench/reward-server-cpu.ts or reward-in-process.ts)
// as shares of the main thread's busy samples, by group (the first group a sample's stack matches, in
// the order below) and by function's own time. Not part of `npm run bench`:
//   npx tsx bench/summarize-cpu-profile.ts file.cpuprofile [top functions, 30]
import { readFileSync } from "node:fs";

type Frame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: npx tsx bench/summarize-cpu-profile.ts file.cpuprofile [top]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const matches = (stack: Frame[], pattern: RegExp) => stack.some((frame) => pattern.test(`${frame.url} ${frame.functionName}`));
const groups: Array<[string, (stack: Frame[]) => boolean]> = [
  // The probe's commands (taking and writing the profile); its query wrapper is the database's time.
  ["the profiler itself", (stack) => stack.some((frame) => frame.url === "node:inspector" || (frame.url.endsWith("reward-server-probe.ts") && frame.functionName === "command"))],
  ["garbage collection", (stack) => stack[0]!.functionName === "(garbage collector)"],
  ["pipeline events", (stack) => matches(stack, /pipeline-event|announceSteps/)],
  ["database (driver and statements)", (stack) => matches(stack, /better-sqlite3|node_modules\/(pg|pg-protocol|@prisma)\/|lib\/db\/|store-scored-rollouts\.ts/)],
  ["hashing", (stack) => matches(stack, /hash-trace/)],
  ["scoring", (stack) => matches(stack, /lib\/checks\//)],
  ["reading the rollout (messages)", (stack) => matches(stack, /rollout-to-trace|lib\/traces\/messages/)],
  ["zod", (stack) => matches(stack, /node_modules\/zod\//)],
  ["reading and parsing the body", (stack) => matches(stack, /lib\/json\/|read-reward-body|read-node-body/)],
  ["API key and rubric version", (stack) => matches(stack, /lib\/api-keys\/|resolve-reward-version|expiring-lookups/)],
  ["node:http and the socket", (stack) => matches(stack, /^node:(_http|http|net|stream|internal\/streams|internal\/stream_base)/) || /^(writev|writeBuffer|writeUtf8String)$/.test(stack[0]!.functionName)],
  ["the rest", () => true],
];

const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byGroup = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
for (const [id, micros] of selfTime) {
  const stack: Frame[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at)!.callFrame);
  if (stack[0]!.functionName === "(idle)") continue;
  const group = groups.find(([, test]) => test(stack))![0];
  byGroup.set(group, (byGroup.get(group) ?? 0) + micros);
  if (group === "the profiler itself") continue;
  busy += micros;
  const { functionName, url, lineNumber } = stack[0]!;
  const name = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(lib|bench|scripts)\//, "$1/")}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}
const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)}%`;
console.log(`busy ${(busy / 1000).toFixed(0)} ms of the main thread's samples (the profiler's own left out)`);
for (const [group, micros] of [...byGroup].sort((a, b) => b[1] - a[1])) if (group !== "the profiler itself") console.log(`${share(micros)}  ${group}`);
console.log("own time, by function:");
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 30))) console.log(`${share(micros)}  ${name}`);
