import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { baseURL, e2eAdmin } from "../playwright.config";
import { signInContext } from "./session";

// Accounts belong to the instance (issue 21): an admin of another project, in the settings page,
// can add and remove the members of their own project but has no button, and no effect, on the
// account of a member they share with the default project, nor on the first admin's.
const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
const cli = (args: string[], password?: string) =>
  execFileSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { env: { ...env, ...(password ? { GOODHART_PASSWORD: password } : {}) }, encoding: "utf8", stdio: "pipe" });

test("another project's admin manages only their project's memberships, never a shared account nor the first admin's", async ({ page }) => {
  const tag = Date.now().toString(36);
  const slug = `e2e-accounts-${tag}`;
  const projectAdmin = { email: `e2e-accounts-admin-${tag}@example.test`, password: "project admin password" };
  const shared = { email: `e2e-accounts-shared-${tag}@example.test`, password: "shared member password" };
  // B's admin is only a viewer in the default project, where the shared member and the first admin are.
  cli(["user", "create", "--email", projectAdmin.email, "--role", "viewer"], projectAdmin.password);
  cli(["project", "create", "--slug", slug, "--name", `Accounts ${tag}`, "--admin", projectAdmin.email]);
  cli(["user", "create", "--email", shared.email, "--role", "reviewer"], shared.password);

  await page.goto("/login");
  await page.getByLabel("Email").fill(projectAdmin.email);
  await page.getByLabel("Password").fill(projectAdmin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/review$/);
  // The project chosen, as the project switcher stores it.
  await page.context().addCookies([{ name: "goodhart-project", value: slug, url: baseURL }]);
  await page.goto("/settings");
  await expect(page.getByText(`members, roles and API keys of project ${slug}`)).toBeVisible();
  const members = page.getByRole("region", { name: "Members" });
  for (const { email } of [shared, e2eAdmin]) {
    await members.getByLabel("Email").fill(email);
    await members.getByLabel("Initial password").fill("a password that is ignored");
    await members.getByRole("combobox").last().selectOption("viewer");
    await members.getByRole("button", { name: "Add member" }).click();
    await expect(members.getByRole("status")).toContainText(`Added ${email}`);
  }
  await page.reload();
  for (const { email } of [shared, e2eAdmin]) {
    await expect(members.getByRole("row", { name: new RegExp(email) })).toBeVisible();
    for (const name of [`Disable ${email}`, `End sessions of ${email}`, `Make instance admin ${email}`, `Revoke instance admin of ${email}`]) {
      await expect(members.getByRole("button", { name })).toHaveCount(0);
    }
  }

  // Removing the shared member ends only this project's membership: the account signs in and works in the default project.
  await members.getByRole("button", { name: `Remove ${shared.email}` }).click();
  await expect(members.getByRole("row", { name: new RegExp(shared.email) })).toHaveCount(0);
  for (const { email, password } of [shared, e2eAdmin]) {
    const context = await signInContext(baseURL, email, password);
    const jobs = await context.get("/api/jobs");
    expect(jobs.status(), email).toBe(200);
    await context.dispose();
  }
});
