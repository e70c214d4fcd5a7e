import { expect, type Page } from "@playwright/test";

/** The review queue shows its "Press ? for the keys." hint once its key listeners are attached; a key pressed before is lost. */
export async function waitForQueueKeys(page: Page): Promise<void> {
  await expect(page.getByText("for the keys.")).toBeVisible();
}
