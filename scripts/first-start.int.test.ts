import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { waitFor } from "../lib/testing/wait-for";
import { freePort } from "../lib/testing/free-port";

// A new user's first `npm start` on a fresh clone, build and all: the port answers within 5 s with the
// build page, `next build` runs, and once the app says it is ready the one-time admin password is among
// the last 10 lines printed and the app answers its pages. The build takes minutes, so it is the vitest
// project "first-start", which `npm test` (scripts/test.ts) runs beside e2e, after the other vitest steps.
const root = path.resolve(import.meta.dirname, "..");
const port = await freePort();
const buildMinutes = 25;

/** The environment of a user who has set nothing: no database, data dir, admin or secret of this test run. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of ["DATABASE_URL", "GOODHART_DATA_DIR", "GOODHART_ADMIN_EMAIL", "GOODHART_ADMIN_PASSWORD", "GOODHART_SKIP_DEMO", "AUTH_SECRET", "HOSTNAME", "NODE_ENV"]) delete env[name];
  return env;
}

/**
 * A fresh clone, as a user makes it: the committed sources, no .next, no data. `npm install` is
 * stood in for by this checkout's node_modules, hard-linked (Turbopack builds nothing from a
 * node_modules symlinked from outside the project), and its postinstall step, which generates the
 * Prisma client.
 */
function freshClone(dir: string): string {
  const clone = path.join(dir, "goodhart");
  execFileSync("git", ["clone", "--quiet", "--shared", root, clone]);
  try {
    execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(clone, "node_modules")]);
  } catch {
    // Another filesystem: hard links cannot cross it, a copy can.
    rmSync(path.join(clone, "node_modules"), { recursive: true, force: true });
    cpSync(path.join(root, "node_modules"), path.join(clone, "node_modules"), { recursive: true, verbatimSymlinks: true });
  }
  execFileSync(process.execPath, ["--import", "tsx", "scripts/prepare-prisma.ts"], { cwd: clone, stdio: "pipe" });
  return clone;
}

/** `npm start` in its own process group, so stopping it also stops the build it runs. */
function npmStart(cwd: string) {
  let output = "";
  const listeners = new Set<() => void>();
  const child = spawn("npm", ["start"], { cwd, env: userEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const add = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", add);
  child.stderr!.on("data", add);
  /** Resolves with the output as it stood when `pattern` first appeared in it; fails if the app exits first or after `timeoutMs`. */
  const until = (pattern: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const done = () => {
        listeners.delete(check);
        child.off("exit", exited);
        clearTimeout(timer);
      };
      const check = () => {
        if (!pattern.test(output)) return;
        done();
        resolve(output);
      };
      const exited = (code: number | null) => {
        done();
        reject(new Error(`npm start exited (${code}) before printing ${pattern}:\n${output}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeoutMs / 60_000} min:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      child.once("exit", exited);
      check();
    });
  return { child, output: () => output, until };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGTERM");
  const forced = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 20_000);
  await exited;
  clearTimeout(forced);
}

const answer = (url: string) => async () => {
  const response = await fetch(url).catch(() => null);
  return response ? { status: response.status, body: await response.text() } : null;
};

const passwordLine = /sign in as \S+ with password \S+ \(also written to \S*admin-password\.txt\)/;

describe("a first start on a fresh clone", () => {
  it("answers within 5 s with the build page, builds, then prints the admin's password among its last 10 lines and serves the app", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-clone-"));
    const clone = freshClone(dir);
    const started = Date.now();
    const app = npmStart(clone);
    try {
      const page = await waitFor(answer(`http://127.0.0.1:${port}/`), 30_000, 100).catch((error) => {
        throw new Error(`${error.message}\n${app.output()}`);
      });
      const seconds = (Date.now() - started) / 1000;
      expect(page.status).toBe(200);
      expect(page.body).toContain("<title>Goodhart is being built</title>");
      expect(seconds, `the build page answered after ${seconds.toFixed(1)} s`).toBeLessThan(5);
      // Health checks wait for the real app.
      expect((await answer(`http://127.0.0.1:${port}/api/health`)())?.status).toBe(503);

      const printed = await app.until(passwordLine, buildMinutes * 60_000);
      const lines = printed.trimEnd().split("\n");
      // The real build ran, and its lines come before the password.
      const builtAt = lines.findIndex((line) => /built the web app in \d+ s/.test(line));
      expect(builtAt, `no build in:\n${printed}`).toBeGreaterThanOrEqual(0);
      // A path Turbopack cannot follow makes it trace the whole project, the data folder's secrets
      // included, into the routes' deployment file lists (lib/threads/start-worker-thread.ts).
      expect(printed).not.toContain("tracing of the whole project");
      const passwordAt = lines.findIndex((line) => passwordLine.test(line));
      expect(
        lines.length - passwordAt,
        `the password line is ${lines.length - passwordAt} lines from the end:\n${lines.slice(-12).join("\n")}`,
      ).toBeLessThanOrEqual(10);
      const readyAt = lines.findIndex((line) => line.includes("Goodhart is ready on"));
      expect(readyAt).toBeGreaterThan(builtAt);
      expect(readyAt).toBeLessThan(passwordAt);

      const home = await answer(`http://127.0.0.1:${port}/`)();
      expect(home?.status).toBe(200);
      expect(home?.body).toContain("<title>Sign in · Goodhart</title>");
      expect((await answer(`http://127.0.0.1:${port}/api/health`)())?.status).toBe(200);
      // The figures README.md's "Figures" states.
      console.log(
        `first start: build page after ${seconds.toFixed(1)} s; ${lines[builtAt]!.replace(/^\[goodhart\] /, "")}; the password line ${lines.length - passwordAt} from the end (1: the last) of ${lines.length} lines printed`,
      );
    } finally {
      await stop(app.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, (buildMinutes + 3) * 60_000);
});
