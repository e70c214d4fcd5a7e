import type { NextConfig } from "next";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
// @ts-expect-error next.config.js is plain JavaScript without type declarations
import nextConfigJs from "../../next.config.js";
import { config, proxy } from "../../proxy";
import { resourceContentSecurityPolicy } from "../http/content-security-policy";

const nextConfig = nextConfigJs as NextConfig;
const scriptSources = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "))!.split(" ").slice(1);

describe("proxy.ts", () => {
  it("gives each page its own nonce, allows scripts only from this origin or with that nonce, and forbids framing", () => {
    const [first, second] = [proxy(new NextRequest("http://localhost:3000/review")), proxy(new NextRequest("http://localhost:3000/review"))];
    const policy = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([A-Za-z0-9+/=]{20,})'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(scriptSources(policy)).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    // Next.js reads the nonce from the request's CSP header to put it on its inline scripts.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("answers a server action from another origin with 403 and lets the app's own through", async () => {
    const action = (origin: string) =>
      proxy(new NextRequest("http://localhost:3000/settings", { method: "POST", headers: { origin, "next-action": "7f00aa", "content-type": "text/plain;charset=UTF-8", host: "localhost:3000" }, body: "[]" }));
    for (const origin of ["http://localhost:3001", "https://evil.example", "null"]) {
      const refused = action(origin);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toEqual({ code: "forbidden", message: expect.stringContaining("Cross-origin"), details: [] });
    }
    const own = action("http://localhost:3000");
    expect(own.status).toBe(200);
    expect(own.headers.get("x-middleware-next")).toBe("1");
  });

  it("passes the page asked for to the sign-in redirect, overwriting any the client sent", () => {
    const response = proxy(new NextRequest("http://localhost:3000/traces/t1?step=40", { headers: { "x-goodhart-return-path": "//evil.example" } }));
    expect(response.headers.get("x-middleware-request-x-goodhart-return-path")).toBe("/traces/t1?step=40");
  });

  it("never runs for /api, whose request bodies it would buffer and cut at 10 MiB", () => {
    const [matcher] = config.matcher;
    const matches = (pathname: string) => new RegExp(`^${matcher}$`).test(pathname);
    expect(matches("/api/v1/documents")).toBe(false);
    expect(matches("/api/health")).toBe(false);
    expect(matches("/traces")).toBe(true);
    expect(matches("/")).toBe(true);
  });
});

describe("next.config.js headers", () => {
  it("gives API answers a CSP that renders nothing and frames nothing", async () => {
    const rules = await nextConfig.headers!();
    expect(rules.find((rule) => rule.source === "/api/:path*")?.headers).toEqual([{ key: "Content-Security-Policy", value: resourceContentSecurityPolicy }]);
  });

  it("sends nosniff, a same-origin Referrer-Policy and no framing with every path", async () => {
    const rules = await nextConfig.headers!();
    const all = rules.find((rule) => rule.source === "/:path*");
    expect(all?.headers).toEqual(
      expect.arrayContaining([
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "same-origin" },
        { key: "X-Frame-Options", value: "DENY" },
      ]),
    );
  });
});
