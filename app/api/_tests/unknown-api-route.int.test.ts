import { describe, expect, it } from "vitest";
import { DELETE, GET, POST } from "@/app/api/v1/[...path]/route";
import { callRoute, statusAndJson } from "@/lib/next/route-test";

// Next.js sends a path under /api/v1 that no route has here; without this route it answered its HTML page.
describe("a path under /api/v1 that is no route", () => {
  it("answers the API's JSON 404 naming the method and path, with or without a key or body", async () => {
    for (const [handler, path, call] of [
      [GET, "/api/v1/run/abc", {}],
      [POST, "/api/v1/rubric-version", { key: "gh_whatever", body: { note: "x" } }],
      [DELETE, "/api/v1/runs/abc/metrics/extra", { method: "DELETE" }],
    ] as const) {
      const method = "method" in call ? call.method : "body" in call ? "POST" : "GET";
      expect(await statusAndJson(await callRoute(handler, path, call))).toEqual({
        status: 404,
        body: { error: { code: "not_found", message: `No route ${method} ${path}: the routes of /api/v1 are listed in /api/v1/openapi.json`, details: [{ path }] } },
      });
    }
  });
});
