// npm start: migrate, bootstrap, build when the build is stale, then run the web server and one
// worker until Ctrl-C or SIGTERM, which stop both. A worker that dies is started again with backoff
// while the web server keeps serving; the app stops when the web server dies or the worker keeps dying.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readEnv } from "../lib/env";
import { loadEnvFile } from "../lib/setup/env-file";
import { dataDir } from "../lib/setup/data-dir";
import { stageAfter } from "../lib/setup/build-progress";
import { buildInBackground, isBuildCurrent } from "./build-stamp";
import { startBuildPage, type BuildPage } from "./build-page";

const root = path.resolve(import.meta.dirname, "..");
loadEnvFile(root);
const env = readEnv();
const log = (line: string) => console.log(`[goodhart] ${line}`);
// Only this machine can reach the app unless HOSTNAME names another interface (0.0.0.0 for all; see README.md, Configuration).
const hostname = process.env.HOSTNAME || "127.0.0.1";
const url = `http://${hostname === "0.0.0.0" ? "127.0.0.1" : hostname}:${env.PORT}`;

// The build page goes up first, before migrations, bootstrap and even loading the database client
// and the lab (imported below, once the page answers), so the port answers within seconds.
const buildPage = isBuildCurrent(root) ? null : await openBuildPage();
const [{ getDb }, { ensureDatabaseReady }, { ensureAuthSecret }, { bootstrapInstance }, { childProcessEnv }, { seedDemo }, { decideRestart, workerRestartPolicy }] = await Promise.all([
  import("../lib/db/client"),
  import("../lib/db/ensure-database-ready"),
  import("../lib/setup/auth-secret"),
  import("../lib/setup/bootstrap-instance"),
  import("../lib/setup/child-env"),
  import("../lib/lab/seed-demo"),
  import("../lib/setup/restart-policy"),
]);
log(`database: ${env.DATABASE_URL.startsWith("file:") ? env.DATABASE_URL : env.DATABASE_URL.replace(/\/\/[^@]*@/, "//***@")}`);
// Migrate before this process opens its own connection: the migration must not wait on it.
if (await ensureDatabaseReady({ root, url: env.DATABASE_URL })) log("applied database migrations");
const db = getDb();
const childEnv = childProcessEnv(process.env, { DATABASE_URL: env.DATABASE_URL, AUTH_SECRET: ensureAuthSecret(), AUTH_TRUST_HOST: "true", NEXT_TELEMETRY_DISABLED: "1" });
process.env.AUTH_SECRET = childEnv.AUTH_SECRET;

const { createdAdmin, projectId } = await bootstrapInstance(db, { adminEmail: env.GOODHART_ADMIN_EMAIL, adminPassword: env.GOODHART_ADMIN_PASSWORD });
const passwordLine = createdAdmin?.password ? `sign in as ${createdAdmin.email} with password ${createdAdmin.password} (also written to ${path.relative(root, createdAdmin.passwordFile!)})` : null;
if (createdAdmin?.password) {
  log(`created the demo admin ${createdAdmin.email}; its password is printed when the app is ready`);
} else if (createdAdmin) {
  log(`created the first admin ${createdAdmin.email}`);
}
// GOODHART_SKIP_DEMO=1 (the e2e suite) starts on an empty project with no demo run competing for the database.
if (process.env.GOODHART_SKIP_DEMO !== "1" && (await seedDemo(db, projectId))) log("queued the demo lab run on rubric v1 (the worker trains it; see /runs)");
await db.$disconnect();

if (buildPage) await buildWithPage(buildPage);

/** The page that answers on the app's port while it is built, with an estimate from the last build. */
function openBuildPage() {
  const lastSeconds = existsSync(durationFile()) ? Number(readFileSync(durationFile(), "utf8")) : NaN;
  const isFirstBuild = !Number.isFinite(lastSeconds);
  return startBuildPage({ port: env.PORT, hostname, estimateSeconds: isFirstBuild ? 300 : lastSeconds, isFirstBuild });
}

function durationFile() {
  return path.join(dataDir(), "last-build-seconds");
}

/** Builds the web app while the build page says so and follows its stages. */
async function buildWithPage(buildPage: BuildPage) {
  log(`building the web app (first start, or the sources changed); ${url} shows its progress…`);
  const started = Date.now();
  let stage = -1;
  const isBuilt = await buildInBackground(root, childEnv, (line) => {
    stage = stageAfter(line, stage);
    buildPage.setStage(stage);
    console.log(line);
  });
  await buildPage.close();
  if (!isBuilt) {
    console.error("[goodhart] the build failed; see above");
    process.exit(1);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(durationFile(), String(seconds));
  log(`built the web app in ${seconds} s`);
}

const children = new Set<ChildProcess>();
let isStopping = false;
const restartTimers = new Set<NodeJS.Timeout>();
function stopAll(signal: NodeJS.Signals, code = 0) {
  if (isStopping) return;
  isStopping = true;
  for (const timer of restartTimers) clearTimeout(timer);
  log(`stopping (${signal})…`);
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  const forced = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  }, 15_000);
  Promise.all([...children].map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null))).then(() => {
    clearTimeout(forced);
    process.exit(code);
  });
}

function run(command: string, args: string[], onExit: (code: number | null, signal: NodeJS.Signals | null) => void) {
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: "inherit" });
  children.add(child);
  child.once("exit", (code, signal) => {
    children.delete(child);
    if (!isStopping) onExit(code, signal);
  });
  return child;
}

function runWebServer() {
  // scripts/serve.ts: Next behind a server that decides the client's address (see there).
  run(process.execPath, ["--import", "tsx", path.join(root, "scripts/serve.ts"), "--port", String(env.PORT), "--hostname", hostname], (code, signal) => {
    console.error(`[goodhart] the web server exited (${signal ?? code}); stopping`);
    stopAll("SIGTERM", 1);
  });
}

/** A process that is started again with backoff when it dies (the worker, the reward server); the app stops when it keeps dying. */
function runRestarting(name: string, args: string[], crashes: number[] = []) {
  const child = run(process.execPath, ["--import", "tsx", ...args], (code, signal) => {
    crashes.push(Date.now());
    const decision = decideRestart(crashes, Date.now());
    if (!decision.shouldRestart) {
      console.error(`[goodhart] the ${name} exited (${signal ?? code}), ${decision.crashesInWindow} times within ${workerRestartPolicy.windowMs / 60_000} min; stopping`);
      stopAll("SIGTERM", 1);
      return;
    }
    console.error(`[goodhart] the ${name} (pid ${child.pid}) exited (${signal ?? code}); restarting it in ${decision.delayMs / 1000} s (crash ${decision.crashesInWindow} of ${workerRestartPolicy.maxCrashes} allowed within ${workerRestartPolicy.windowMs / 60_000} min)`);
    restartTimers.add(setTimeout(() => runRestarting(name, args, crashes), decision.delayMs));
  });
  log(`${name} started (pid ${child.pid})`);
}

runWebServer();
runRestarting("worker", [path.join(root, "workers/index.ts")]);
// The reward API's lean server (lib/reward/reward-server.ts), when the operator gives it a port.
if (env.GOODHART_REWARD_PORT) runRestarting("reward server", [path.join(root, "scripts/reward-server.ts"), "--port", String(env.GOODHART_REWARD_PORT), "--hostname", hostname]);
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
await announceWhenReady();

/** The last lines of start-up: where the app is and how to sign in, after the web server answers. */
async function announceWhenReady() {
  for (let tries = 0; tries < 240 && !isStopping; tries++) {
    const response = await fetch(`${url}/api/health`).catch(() => null);
    if (response?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (isStopping) return;
  log(`Goodhart is ready on ${url}${hostname === "127.0.0.1" ? " (this machine only; README: Configuration says how to expose it)" : ""}; Ctrl-C stops it`);
  const passwordFile = path.join(dataDir(), "admin-password.txt");
  if (passwordLine) log(passwordLine);
  else if (existsSync(passwordFile)) log(`the demo admin's password is in ${path.relative(root, passwordFile)}`);
}

