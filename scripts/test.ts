// npm test: the whole suite. Unit and integration tests (vitest; integration on SQLite, and on
// PostgreSQL too when GOODHART_TEST_DATABASE_URL is set), then, one file at a time, the tests that time
// the built server, then e2e in Chromium against the built app beside a first start on a fresh clone
// (it builds the app) and the sign-in throttle's tests.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../lib/testing/free-port";
import { buildIfStale } from "./build-stamp";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "data", "test", "reports");
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
/** Runs a command with this terminal's output; true when it exits 0. */
const run = (command: string, args: string[], extraEnv: Record<string, string> = {}) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
    child.on("exit", (code) => resolve(code === 0));
    child.on("error", () => resolve(false));
  });

const started = Date.now();
const phase = (name: string) => console.log(`\n== npm test: ${name} (at ${Math.round((Date.now() - started) / 1000)} s)`);
console.log(process.env.GOODHART_TEST_DATABASE_URL ? "integration tests: SQLite and PostgreSQL" : "integration tests: SQLite only (set GOODHART_TEST_DATABASE_URL for PostgreSQL)");

// The start-up tests and e2e run the built app; build once, before either.
phase("build, if the sources changed since the last one");
if (!buildIfStale(root, env)) {
  console.error("next build failed");
  process.exit(1);
}

const sqliteReport = path.join(reports, "vitest.json");
const postgresReport = path.join(reports, "vitest-postgresql.json");
const aloneReport = path.join(reports, "vitest-alone.json");
const besideE2eReport = path.join(reports, "vitest-beside-e2e.json");
const playwrightReport = path.join(reports, "playwright.json");
for (const report of [sqliteReport, postgresReport, aloneReport, besideE2eReport, playwrightReport]) rmSync(report, { force: true });
const vitestArgs = (projects: string[], report: string, ...options: string[]) => [
  "run",
  ...projects.flatMap((project) => ["--project", project]),
  ...options,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
];
// Vitest runs one file at a time on two cores, and most integration files wait on a database, a server
// or a child process. The SQLite and PostgreSQL runs share nothing (their own database, ports and
// temporary directories), so they run side by side, each still one file at a time. The unit tests go
// with the PostgreSQL files, which are fewer (the CLI's run on SQLite only), so the two end together.
const postgres = Boolean(process.env.GOODHART_TEST_DATABASE_URL);
phase(postgres ? "SQLite integration tests, beside the unit and PostgreSQL integration tests" : "unit and SQLite integration tests");
const [sqliteOk, postgresOk] = await Promise.all([
  run(bin("vitest"), vitestArgs(postgres ? ["integration-sqlite"] : ["unit", "integration-sqlite"], sqliteReport)),
  postgres ? run(bin("vitest"), vitestArgs(["unit", "integration-postgresql"], postgresReport)) : Promise.resolve(true),
]);
// One file at a time, with nothing beside them: the "alone" tests time the built server's answers.
phase("the tests that time the server, one file at a time");
const aloneOk = await run(bin("vitest"), vitestArgs(["alone-*"], aloneReport, "--no-file-parallelism"));

rmSync(path.join(root, "data", "e2e"), { recursive: true, force: true });
// e2e leaves 10-15% of two cores idle over its ten minutes (vmstat in CI), about what the first
// start's build needs, and neither times the other's work closely: e2e waits on pages with timeouts
// of seconds, the first start on a build page within 5 s (1 s idle), then on a build of minutes.
// The sign-in throttle's tests follow the first start there: they time nothing either.
phase("e2e in Chromium, beside the first start on a fresh clone and the sign-in throttle's tests");
// On a port the system gives (E2E_PORT when set): Playwright will not start the app on a port in use.
const e2ePort = process.env.E2E_PORT ?? String(await freePort());
const [e2eOk, besideE2eOk] = await Promise.all([
  run(bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_PORT: e2ePort }),
  run(bin("vitest"), vitestArgs(["first-start", "sign-in-throttle"], besideE2eReport, "--no-file-parallelism")),
]);

type Counts = { passed: number; failed: number; skipped: number };
function vitestCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, "utf8"));
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}
function playwrightCounts(): Counts {
  if (!existsSync(playwrightReport)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}
const vitestTotal = [sqliteReport, ...(postgres ? [postgresReport] : []), aloneReport, besideE2eReport].map(vitestCounts).reduce((sum, counts) => ({ passed: sum.passed + counts.passed, failed: sum.failed + counts.failed, skipped: sum.skipped + counts.skipped }));
const e2e = playwrightCounts();
phase("done");
console.log(`vitest ${vitestTotal.passed} passed, ${vitestTotal.failed} failed · playwright ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`tests: ${vitestTotal.passed + e2e.passed} passed, ${vitestTotal.failed + e2e.failed} failed, ${vitestTotal.skipped + e2e.skipped} skipped`);
process.exit(sqliteOk && postgresOk && aloneOk && e2eOk && besideE2eOk ? 0 : 1);
