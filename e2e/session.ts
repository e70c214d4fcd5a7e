import { execFileSync } from "node:child_process";
import { request, test, type APIRequestContext } from "@playwright/test";
import { projectCookie } from "../lib/next/project-cookie";
import { specProjectSlug } from "./spec-project";

/** Signs in through next-auth's credentials endpoint, as the login form does, and returns the context. */
export async function signInContext(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const { csrfToken } = await (await context.get("/api/auth/csrf")).json();
  const response = await context.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  if (response.status() !== 302 || (response.headers().location ?? "").includes("error")) {
    throw new Error(`sign-in of ${email} failed: ${response.status()} ${response.headers().location}`);
  }
  return context;
}

export const authFile = (name: string) => `e2e/.auth/${name}.json`;

/** The project cookie that opens pages in the spec's own project (e2e/spec-project.ts; its seed makes it), as the project switcher chooses one. */
export const specProjectCookie = (spec: string, baseURL: string) => ({ name: projectCookie, value: specProjectSlug(spec), url: baseURL });

/** Opens every page of the calling spec's tests in the spec's own project. */
export function workInProject(spec: string) {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([specProjectCookie(spec, baseURL!)]);
  });
}

/** For a spec that seeds nothing else: makes its own project before its tests (e2e/seed-spec-project.ts) and opens every page in it. */
export function workInOwnProject(spec: string) {
  test.beforeAll(() => {
    execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-spec-project.ts", spec], {
      env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
      stdio: "pipe",
    });
  });
  workInProject(spec);
}
