import { defineConfig, devices } from "@playwright/test";

// The built app on its own SQLite file and port, started the way a user starts it (npm start).
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
export const e2eAdmin = { email: "e2e-admin@example.test", password: "e2e-admin-password" };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --import tsx scripts/start.ts",
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      DATABASE_URL: "file:./data/e2e/goodhart.db",
      GOODHART_DATA_DIR: "./data/e2e",
      PORT: String(port),
      GOODHART_ADMIN_EMAIL: e2eAdmin.email,
      GOODHART_ADMIN_PASSWORD: e2eAdmin.password,
      GOODHART_SKIP_DEMO: "1",
      // e2e/judges.spec.ts saves an llm judge on a self-hosted (loopback) endpoint, which the operator must allow.
      GOODHART_JUDGE_BASE_URLS: "http://127.0.0.1:9",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
