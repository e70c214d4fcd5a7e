import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration tests run against a real SQLite file and, when GOODHART_TEST_DATABASE_URL names a
// PostgreSQL database, the same tests again against it.
// Keep in step with scripts/test/test-databases.ts.
const sqliteTestUrl = `file:${path.resolve(import.meta.dirname, process.env.GOODHART_TEST_SQLITE_FILE ?? "data/test/integration.db")}`;
const postgresUrl = process.env.GOODHART_TEST_DATABASE_URL;
const integration = ["lib/**/*.int.test.ts", "app/**/*.int.test.ts", "scripts/**/*.int.test.ts", "workers/**/*.int.test.ts"];
// A first start on a fresh clone builds the app (minutes on two cores): its own project, which
// scripts/test.ts runs as a step of its own, so the build does not share the cores with the others.
const firstStart = ["scripts/first-start.int.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "lib/testing/empty-module.ts") } },
  test: {
    // next-auth imports "next/server" without an extension; inlined, Vite resolves it as Next does.
    server: { deps: { inline: ["next-auth"] } },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"], exclude: [...integration, "node_modules/**"] },
      },
      {
        extends: true,
        test: {
          name: "integration-sqlite",
          include: integration,
          exclude: [...firstStart, "node_modules/**"],
          env: { DATABASE_URL: sqliteTestUrl },
          globalSetup: ["./scripts/test/setup-sqlite.ts"],
          setupFiles: ["./lib/next/next-cache-outside-next.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { extends: true, test: { name: "first-start", include: firstStart, testTimeout: 60_000 } },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-postgresql",
                include: integration,
                exclude: [...firstStart, "node_modules/**"],
                env: { DATABASE_URL: postgresUrl },
                globalSetup: ["./scripts/test/setup-postgresql.ts"],
                setupFiles: ["./lib/next/next-cache-outside-next.ts"],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
