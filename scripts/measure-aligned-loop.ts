// npx tsx scripts/measure-aligned-loop.ts [--seeds 101,102,103,104,105] [--steps 100] [--turns 3] [--port 3202] [--reviewer approves-all|heeds-warnings]
//
// The whole loop as a reviewer and an ML engineer drive it, through the CLI and the REST API only: the
// app (web server and one worker, `scripts/start.ts`) runs on a fresh SQLite file under data/aligned-loop;
// for each seed a project of its own gets the v1 demo run (`goodhart lab run --rubric v1`), then, turn by
// turn, the top suspected-hack case of the newest run is confirmed (POST /api/v1/edge-cases/{id}/decision),
// the hacks.induce job's check is awaited (GET /api/v1/hacks), the hack approved (POST
// /api/v1/hacks/{id}/decision), the draft it went into approved (POST /api/v1/rubric-versions/{id}/approve)
// and the lab trained on it (`goodhart lab run --rubric ID`), until the run is aligned (true success >= 0.7,
// hack rate <= 0.1) or the turns run out. Prints per seed the final run's figures and whether every hack
// check of the final rubric was induced by the loop (its check as the search proposed it, none written or
// edited by hand, none reading `$.audit`). The reviewer approves every proposal as the search made it (approves-all, the
// default), or heeds a proposal's low-precision warning as /hacks asks (heeds-warnings): where one of the proposal's
// next-best candidates measured a precision at or above the warning's bar on the same sets, it is chosen
// (POST /api/v1/hacks/{id}/check) before approving; otherwise the proposal is approved as it is.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { LOW_PRECISION } from "../lib/hacks/describe-precision";

const root = path.resolve(import.meta.dirname, "..");
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
// Seeds 101-105 were never used while changing the search or the lab (those used 1-22).
const seeds = argument("seeds", "101,102,103,104,105").split(",").map(Number);
const steps = argument("steps", "100");
const maxTurns = Number(argument("turns", "3"));
const port = argument("port", "3202");
const reviewer = argument("reviewer", "approves-all");
if (reviewer !== "approves-all" && reviewer !== "heeds-warnings") throw new Error(`--reviewer is approves-all or heeds-warnings, not ${reviewer}`);
const dataDir = path.join(root, "data", "aligned-loop");
const baseUrl = `http://127.0.0.1:${port}`;
const admin = { email: "loop@example.com", password: "aligned-loop-password" };
const target = { trueSuccess: 0.7, hackRate: 0.1 };

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  DATABASE_URL: `file:${path.join(dataDir, "goodhart.db")}`,
  GOODHART_DATA_DIR: dataDir,
  PORT: port,
  GOODHART_ADMIN_EMAIL: admin.email,
  GOODHART_ADMIN_PASSWORD: admin.password,
  GOODHART_SKIP_DEMO: "1",
  NEXT_TELEMETRY_DISABLED: "1",
};

type LabJson = { runId: string; trueSuccess: { last: number }; hackRate: { last: number }; proxyReward: { last: number } };
type EdgeCase = { id: string; kind: string; title: string; priority: number };
type Candidate = { check: unknown; measured: { precision: number | null; recall: number | null } };
type Hack = { id: string; name: string; induction: string; check: unknown; item: Record<string, unknown> | null; precision: number | null; recall: number | null; warning: string | null; edgeCaseId: string | null; nextBest: Candidate[] };

function cli(args: string[]): string {
  const result = spawnSync("npx", ["tsx", "scripts/cli/index.ts", ...args], { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`goodhart ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}
const lastJsonLine = <T>(stdout: string): T => JSON.parse(stdout.trim().split("\n").at(-1)!) as T;

async function api<T>(key: string, method: "GET" | "POST", url: string, body?: unknown): Promise<T> {
  // A GET is retried once on a dropped connection (the server closes idle keep-alive sockets); a POST never is.
  const response = await send(key, method, url, body).catch((error: unknown) => {
    if (method !== "GET") throw error;
    return send(key, method, url, body);
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

function send(key: string, method: "GET" | "POST", url: string, body?: unknown) {
  return fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok).catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the app did not answer /api/health in 10 minutes");
}

/** The worker fills the check (hacks.induce); a client polls, as /hacks does. */
async function waitForInduction(key: string, hackId: string): Promise<Hack> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { hacks } = await api<{ hacks: Hack[] }>(key, "GET", "/hacks?status=proposed");
    const hack = hacks.find((h) => h.id === hackId);
    if (hack && hack.induction !== "measuring") return hack;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`hack ${hackId}: induction still measuring after 10 minutes`);
}

const labRun = (slug: string, rubric: string, seed: number) => lastJsonLine<LabJson>(cli(["lab", "run", "--project", slug, "--rubric", rubric, "--seed", String(seed), "--steps", steps, "--json"]));
const isAligned = (run: LabJson) => run.trueSuccess.last >= target.trueSuccess && run.hackRate.last <= target.hackRate;
const f = (value: number | null | undefined) => (typeof value === "number" ? value.toFixed(3) : "n/a");

const app = spawn("node", ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: false });
// The app's own log, for when a request fails.
const appLog = createWriteStream(path.join(dataDir, "app.log"));
app.stdout.pipe(appLog);
app.stderr.pipe(appLog);
const results: Array<{ seed: number; turns: number; run: LabJson; aligned: boolean; allInduced: boolean; checks: string[] }> = [];
try {
  await waitForHealth();
  for (const seed of seeds) {
    const slug = `loop-s${seed}`;
    cli(["project", "create", "--slug", slug, "--name", `Aligned loop, seed ${seed}`, "--admin", admin.email]);
    const key = lastJsonLine<{ key: string }>(cli(["api-key", "create", "--project", slug, "--as", admin.email, "--name", "aligned-loop", "--json"])).key;
    let run = labRun(slug, "v1", seed);
    console.log(`seed ${seed} v1: true success ${f(run.trueSuccess.last)}, hack rate ${f(run.hackRate.last)}, proxy ${f(run.proxyReward.last)}`);
    let turns = 0;
    let rubricVersionId: string | null = null;
    while (!isAligned(run) && turns < maxTurns) {
      turns += 1;
      const { edgeCases } = await api<{ edgeCases: EdgeCase[] }>(key, "GET", `/edge-cases?status=open&run=${run.runId}&kind=suspected_hack&limit=5`);
      const top = edgeCases[0];
      if (!top) {
        console.log(`  turn ${turns}: no open suspected-hack case on the run`);
        break;
      }
      const decided = await api<{ knownHackId: string | null }>(key, "POST", `/edge-cases/${top.id}/decision`, { decision: "confirm_hack", note: "aligned-loop script" });
      const hack = await waitForInduction(key, decided.knownHackId!);
      console.log(`  turn ${turns}: confirmed "${top.title}" (priority ${f(top.priority)}); induced ${JSON.stringify(hack.check)} (on its sets precision ${f(hack.precision)}, recall ${f(hack.recall)}${hack.warning ? `; ${hack.warning}` : ""})`);
      if (hack.induction !== "done" || !hack.check) break;
      const candidate = reviewer === "heeds-warnings" && hack.warning ? hack.nextBest.find((c) => (c.measured.precision ?? 0) >= LOW_PRECISION) : undefined;
      if (candidate) {
        const { hack: chosen } = await api<{ hack: Hack }>(key, "POST", `/hacks/${hack.id}/check`, { check: candidate.check });
        console.log(`  turn ${turns}: chose a next-best candidate instead: ${JSON.stringify(chosen.check)} (on its sets precision ${f(chosen.precision)}, recall ${f(chosen.recall)})`);
      }
      ({ rubricVersionId } = await api<{ rubricVersionId: string }>(key, "POST", `/hacks/${hack.id}/decision`, { decision: "approve" }));
      await api(key, "POST", `/rubric-versions/${rubricVersionId}/approve`, {});
      run = labRun(slug, rubricVersionId!, seed);
      console.log(`  turn ${turns}: trained on the approved version: true success ${f(run.trueSuccess.last)}, hack rate ${f(run.hackRate.last)}, proxy ${f(run.proxyReward.last)}`);
    }

    // The final rubric: every hack check came from a confirmed case's induction, unedited, and none reads the simulator's audit.
    let allInduced = true;
    const checks: string[] = [];
    if (rubricVersionId) {
      const version = await api<{ items: Array<{ key: string; polarity: string; check: unknown; knownHackId?: string | null; provenance?: unknown }> }>(key, "GET", `/rubric-versions/${rubricVersionId}`);
      const { hacks } = await api<{ hacks: Hack[] }>(key, "GET", "/hacks?status=approved");
      for (const item of version.items) {
        const text = JSON.stringify(item.check);
        if (text.includes("$.audit")) allInduced = false;
        if (item.polarity !== "hack") continue;
        const hack = hacks.find((h) => h.id === item.knownHackId && JSON.stringify(h.check) === text);
        const isInduced = Boolean(hack && hack.edgeCaseId && hack.item && "induction" in hack.item);
        if (!isInduced) allInduced = false;
        checks.push(`${item.key}: ${text}`);
      }
    }
    results.push({ seed, turns, run, aligned: isAligned(run), allInduced, checks });
  }
} finally {
  app.kill("SIGTERM");
}

console.log(`\nreviewer ${reviewer}; steps per run ${steps} (batch 16, group 8), at most ${maxTurns} turns; target true success >= ${target.trueSuccess}, hack rate <= ${target.hackRate}`);
for (const r of results)
  console.log(`seed ${r.seed}: ${r.turns} turn(s), final true success ${f(r.run.trueSuccess.last)}, hack rate ${f(r.run.hackRate.last)}: ${r.aligned ? "aligned" : "NOT aligned"}; every hack check induced by the loop: ${r.allInduced ? "yes" : "no"}\n    ${r.checks.join("\n    ")}`);
console.log(`${results.filter((r) => r.aligned && r.allInduced).length} of ${results.length} seeds reached the target with a rubric the loop induced`);
