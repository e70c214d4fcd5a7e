import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, stopBuiltServer, waitUntilHealthy } from "../lib/testing/built-server";
import { freePort } from "../lib/testing/free-port";
import { signInOverHttp } from "../lib/testing/sign-in-over-http";
import { uniqueName } from "../lib/testing/factories";
import { buildIfStale } from "./build-stamp";

// The client address the sign-in throttle counts, over real HTTP against the built web server: the
// connection's own unless the operator names the proxy that sets X-Forwarded-For. The throttle is
// held in the server's memory, so each server here starts with no counts; no database is read for it
// but the lookup of accounts that do not exist, so it runs on SQLite only, not again on PostgreSQL
// (its project, "sign-in-throttle" in vitest.config.ts, has the SQLite test database).
const root = path.resolve(import.meta.dirname, "..");
let base = "";
let server: ChildProcess | undefined;

async function serve(env: Record<string, string> = {}) {
  if (server) await stopBuiltServer(server);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startBuiltServer(port, env);
  await waitUntilHealthy(base);
}

describe("the client address the sign-in throttle counts", () => {
  beforeAll(() => {
    expect(buildIfStale(root), "next build failed").toBe(true);
  }, 600_000);
  afterAll(async () => {
    if (server) await stopBuiltServer(server);
  });

  const wrongPasswords = async (headersFor: (i: number) => Record<string, string>) => {
    const codes: string[] = [];
    for (let i = 0; i < 40; i++) codes.push((await signInOverHttp(base, `${uniqueName("nobody")}@example.test`, "wrong password", headersFor(i))).code);
    return codes;
  };

  it("is the connection's own: 40 accounts with a rotated X-Forwarded-For are throttled after the address's 30 free attempts", async () => {
    await serve();
    const codes = await wrongPasswords((i) => ({ "x-forwarded-for": `198.51.100.${i + 1}` }));
    expect(codes.slice(0, 30)).toEqual(Array(30).fill("credentials"));
    expect(codes[30]).toBe("throttled");
  }, 180_000);

  it("is the forwarded one when the operator names the proxy in GOODHART_TRUSTED_PROXIES", async () => {
    await serve({ GOODHART_TRUSTED_PROXIES: "127.0.0.1,::1" });
    const codes = await wrongPasswords((i) => ({ "x-forwarded-for": `203.0.113.${i + 1}` }));
    expect(codes).toEqual(Array(40).fill("credentials"));
  }, 180_000);
});
