// npm start: migrate, bootstrap, build when the build is stale, then run the web server and one
// worker until Ctrl-C or SIGTERM, which stop both. A worker that dies is started again with backoff
// while the web server keeps serving; the app stops when the web server dies or the worker keeps dying.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { getDb } from "../lib/db/client";
import { ensureDatabaseReady } from "../lib/db/ensure-database-ready";
import { readEnv } from "../lib/env";
import { ensureAuthSecret } from "../lib/setup/auth-secret";
import { bootstrapInstance } from "../lib/setup/bootstrap-instance";
import { childProcessEnv } from "../lib/setup/child-env";
import { seedDemo } from "../lib/lab/seed-demo";
import { decideRestart, workerRestartPolicy } from "../lib/setup/restart-policy";
import { buildIfStale, isBuildCurrent } from "./build-stamp";

const root = path.resolve(import.meta.dirname, "..");
const env = readEnv();
const log = (line: string) => console.log(`[goodhart] ${line}`);

log(`database: ${env.DATABASE_URL.startsWith("file:") ? env.DATABASE_URL : env.DATABASE_URL.replace(/\/\/[^@]*@/, "//***@")}`);
// Migrate before this process opens its own connection: the migration must not wait on it.
if (await ensureDatabaseReady({ root, url: env.DATABASE_URL })) log("applied database migrations");
const db = getDb();
const childEnv = childProcessEnv(process.env, { DATABASE_URL: env.DATABASE_URL, AUTH_SECRET: ensureAuthSecret(), AUTH_TRUST_HOST: "true", NEXT_TELEMETRY_DISABLED: "1" });
process.env.AUTH_SECRET = childEnv.AUTH_SECRET;

const { createdAdmin, projectId } = await bootstrapInstance(db, { adminEmail: env.GOODHART_ADMIN_EMAIL, adminPassword: env.GOODHART_ADMIN_PASSWORD });
if (createdAdmin?.password) {
  log(`created the demo admin ${createdAdmin.email} with password ${createdAdmin.password}`);
  log(`(shown once; also written to ${path.relative(root, createdAdmin.passwordFile!)})`);
} else if (createdAdmin) {
  log(`created the first admin ${createdAdmin.email}`);
}
// GOODHART_SKIP_DEMO=1 (the e2e suite) starts on an empty project with no demo run competing for the database.
if (process.env.GOODHART_SKIP_DEMO !== "1" && (await seedDemo(db, projectId))) log("queued the demo lab run on rubric v1 (the worker trains it; see /runs)");
await db.$disconnect();

if (!isBuildCurrent(root)) {
  log("building the web app (first start, or the sources changed)…");
  if (!buildIfStale(root, childEnv)) {
    console.error("[goodhart] the build failed; see above");
    process.exit(1);
  }
}

const children = new Set<ChildProcess>();
let isStopping = false;
let restartTimer: NodeJS.Timeout | undefined;
function stopAll(signal: NodeJS.Signals, code = 0) {
  if (isStopping) return;
  isStopping = true;
  clearTimeout(restartTimer);
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
  run(process.execPath, ["--import", "tsx", path.join(root, "scripts/serve.ts"), "--port", String(env.PORT)], (code, signal) => {
    console.error(`[goodhart] the web server exited (${signal ?? code}); stopping`);
    stopAll("SIGTERM", 1);
  });
}

const workerCrashes: number[] = [];
function runWorker() {
  const child = run(process.execPath, ["--import", "tsx", path.join(root, "workers/index.ts")], (code, signal) => {
    workerCrashes.push(Date.now());
    const decision = decideRestart(workerCrashes, Date.now());
    if (!decision.shouldRestart) {
      console.error(`[goodhart] the worker exited (${signal ?? code}), ${decision.crashesInWindow} times within ${workerRestartPolicy.windowMs / 60_000} min; stopping`);
      stopAll("SIGTERM", 1);
      return;
    }
    console.error(`[goodhart] the worker (pid ${child.pid}) exited (${signal ?? code}); restarting it in ${decision.delayMs / 1000} s (exit ${decision.crashesInWindow} in the window)`);
    restartTimer = setTimeout(runWorker, decision.delayMs);
  });
  log(`worker started (pid ${child.pid})`);
}

runWebServer();
runWorker();
log(`Goodhart is starting on http://localhost:${env.PORT} (Ctrl-C stops it)`);

process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
