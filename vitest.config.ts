import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration tests run against a real SQLite file and, when GOODHART_TEST_DATABASE_URL names a
// PostgreSQL database, the same tests again against it.
// Keep in step with scripts/test/test-databases.ts.
const sqliteTestUrl = `file:${path.resolve(import.meta.dirname, process.env.GOODHART_TEST_SQLITE_FILE ?? "data/test/integration.db")}`;
const postgresUrl = process.env.GOODHART_TEST_DATABASE_URL;
const integration = ["lib/**/*.int.test.ts", "app/**/*.int.test.ts", "scripts/**/*.int.test.ts", "workers/**/*.int.test.ts"];
// A first start on a fresh clone builds the app (minutes on two cores): its own project, which
// scripts/test.ts runs beside e2e, not beside the busier vitest steps or the timed "alone" tests.
const firstStart = ["scripts/first-start.int.test.ts"];
// Tests that time the server's answers while it works (/api/health during each route's worst input, a
// declared body refused within 1 s) measure the server, not the other test files sharing its two
// cores: they run after the others, one file at a time, in the projects "alone-sqlite" and
// "alone-postgresql".
const measuredAlone = ["scripts/memory-per-request.int.test.ts", "scripts/serve.int.test.ts", "app/api/_tests/documents-hostile-pdf.int.test.ts"];
// The sign-in throttle's tests start built servers of their own and time nothing: they run beside
// e2e with the first start (project "sign-in-throttle"), on SQLite only (the throttle is in memory).
const signInThrottle = ["scripts/serve-throttle.int.test.ts"];
// The CLI's commands are thin over lib/, whose queries the lib/ and app/ tests run on both
// databases; on PostgreSQL one CLI file shows the CLI opens and writes it, not every command again.
const cliOnSqliteOnly = ["scripts/cli/!(api-key-commands).int.test.ts"];

const databaseProject = (name: string, include: string[], exclude: string[], databaseUrl: string, globalSetup: string) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude: [...exclude, "node_modules/**"],
    env: { DATABASE_URL: databaseUrl },
    globalSetup: [globalSetup],
    setupFiles: ["./lib/next/next-cache-outside-next.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "lib/testing/empty-module.ts") } },
  test: {
    // next-auth imports "next/server" without an extension; inlined, Vite resolves it as Next does.
    server: { deps: { inline: ["next-auth"] } },
    projects: [
      {
        extends: true,
        // Unit tests share no state between files (no module mocks, stubbed globals or process
        // listeners), so one worker keeps its modules for all of them instead of loading them per file.
        test: { name: "unit", include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"], exclude: [...integration, "node_modules/**"], isolate: false },
      },
      databaseProject("integration-sqlite", integration, [...firstStart, ...measuredAlone, ...signInThrottle], sqliteTestUrl, "./scripts/test/setup-sqlite.ts"),
      databaseProject("alone-sqlite", measuredAlone, [], sqliteTestUrl, "./scripts/test/setup-sqlite.ts"),
      databaseProject("sign-in-throttle", signInThrottle, [], sqliteTestUrl, "./scripts/test/setup-sqlite.ts"),
      { extends: true, test: { name: "first-start", include: firstStart, testTimeout: 60_000 } },
      ...(postgresUrl
        ? [
            databaseProject("integration-postgresql", integration, [...firstStart, ...measuredAlone, ...signInThrottle, ...cliOnSqliteOnly], postgresUrl, "./scripts/test/setup-postgresql.ts"),
            databaseProject("alone-postgresql", measuredAlone, [], postgresUrl, "./scripts/test/setup-postgresql.ts"),
          ]
        : []),
    ],
  },
});
