import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { baseURL, e2eAdmin } from "../playwright.config";
import { authFile, signInContext } from "./session";

export const e2eUsers = {
  admin: e2eAdmin,
  reviewer: { email: "e2e-reviewer@example.test", password: "e2e-reviewer-password" },
  viewer: { email: "e2e-viewer@example.test", password: "e2e-viewer-password" },
} as const;

// Signing out ends every session of a user, so the test that signs out has an admin of its own.
export const e2eNavigator = { email: "e2e-navigator@example.test", password: "e2e-navigator-password" } as const;

/** Creates the reviewer, viewer and navigator through the CLI and stores a signed-in state for each role. */
export default async function globalSetup() {
  const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
  for (const [role, { email, password }] of [["reviewer", e2eUsers.reviewer], ["viewer", e2eUsers.viewer], ["admin", e2eNavigator]] as const) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", "user", "create", "--email", email, "--role", role, "--reset"], {
      env: { ...env, GOODHART_PASSWORD: password },
      stdio: "pipe",
    });
  }
  mkdirSync("e2e/.auth", { recursive: true });
  for (const [role, { email, password }] of Object.entries(e2eUsers)) {
    const context = await signInContext(baseURL, email, password);
    await context.storageState({ path: authFile(role) });
    await context.dispose();
  }
}
