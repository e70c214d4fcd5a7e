import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { listRouteMethods, repoRoot } from "../lib/testing/app-surface";
import { authFile } from "./session";

// Every route method and page, read from app/ on disk, so that a new one cannot be left out. The
// role each needs is read from its own source: withSession(..., { role }) or requireMember(role).
type Entry = { url: string; file: string; method: string; adminOnly: boolean; kind: "page" | "api" };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function toUrl(route: string): string {
  const segments = route
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment) => (segment.startsWith("[...") ? "any/thing" : segment.startsWith("[") ? "some-id" : segment));
  return `/${segments.join("/")}`;
}

// The API's own descriptions (the trace schema, the OpenAPI document) hold no project data and are
// public, as is the JSON 404 of a path under /api/v1 that is no route (app/api/v1/[...path]).
const publicPaths = new Set(["/login", "/api/health", "/api/v1/openapi.json", "/api/v1/schema/trace", "/api/v1/any/thing"]);
const pages: Entry[] = walk("app")
  .filter((file) => file.endsWith("/page.tsx"))
  .map((file) => ({ url: toUrl(path.relative("app", path.dirname(file)).split(path.sep).join("/")), file, method: "GET", adminOnly: /requireMember\("admin"\)/.test(readFileSync(file, "utf8")), kind: "page" as const }));
const routes: Entry[] = listRouteMethods().map(({ route, method, file, access }) => ({ url: toUrl(`api/${route}`), file: path.relative(repoRoot, file), method, adminOnly: access?.role === "admin", kind: "api" as const }));
const entries = [...pages, ...routes].filter((entry) => !publicPaths.has(entry.url) && !entry.url.startsWith("/api/auth/"));

test("the walk found the app's routes", () => {
  expect(entries.some((e) => e.url === "/api/jobs/some-id/retry" && e.adminOnly)).toBe(true);
  expect(entries.some((e) => e.url.startsWith("/api/v1/"))).toBe(true);
  expect(entries.filter((e) => e.kind === "page").length).toBeGreaterThanOrEqual(11);
});

// Writes carry the app's own Origin, as the browser sends it, so the role check is what answers.
async function call(context: APIRequestContext, method: string, url: string) {
  return context.fetch(url, { method, maxRedirects: 0, ...(method === "GET" ? {} : { data: {}, headers: { origin: baseURL } }) });
}

test("every route and page refuses an anonymous caller", async () => {
  const anonymous = await request.newContext({ baseURL });
  for (const entry of entries) {
    const response = await call(anonymous, entry.method, entry.url);
    const where = `${entry.method} ${entry.url} (${entry.file})`;
    if (entry.kind === "page") {
      expect([302, 303, 307], where).toContain(response.status());
      expect(response.headers().location ?? "", where).toMatch(/\/login(\?|$)/);
    } else {
      expect(response.status(), where).toBe(401);
      expect((await response.json()).error.code, where).toBe("unauthorized");
    }
  }
  await anonymous.dispose();
});

for (const role of ["viewer", "reviewer"] as const) {
  test(`a ${role} is refused what only an admin may do`, async () => {
    const context = await request.newContext({ baseURL, storageState: authFile(role) });
    const adminOnly = entries.filter((entry) => entry.adminOnly && !entry.url.startsWith("/api/v1/"));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const entry of adminOnly) {
      const response = await call(context, entry.method, entry.url);
      expect(response.status(), `${role}: ${entry.method} ${entry.url}`).toBe(403);
    }
    await context.dispose();
  });
}

test("a method a route does not take is a JSON 405 naming the ones it does, before any key is asked for", async () => {
  const anonymous = await request.newContext({ baseURL });
  const refused = await anonymous.fetch("/api/v1/reward", { method: "DELETE" });
  expect(refused.status()).toBe(405);
  expect(refused.headers().allow).toBe("POST, OPTIONS");
  expect((await refused.json()).error).toMatchObject({ code: "method_not_allowed", message: "/api/v1/reward does not take DELETE: it takes POST" });
  const head = await anonymous.fetch("/api/v1/reward", { method: "HEAD" });
  expect([head.status(), head.headers().allow]).toEqual([405, "POST, OPTIONS"]);
  expect((await anonymous.fetch("/api/health", { method: "HEAD" })).status()).toBe(200);
  const options = await anonymous.fetch("/api/v1/rubric-versions", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers().allow).toBe("GET, POST, HEAD, OPTIONS");
  await anonymous.dispose();
});
