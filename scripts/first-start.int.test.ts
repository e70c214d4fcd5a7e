import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentProvider } from "../lib/db/client";
import { waitFor } from "../lib/testing/wait-for";

// A new user's first `npm start`: the port answers within 5 s with the build page, and once the
// app is up the one-time admin password is among the last lines printed. It starts on its own
// SQLite file (the default of a fresh clone), so it runs once, in the SQLite project.
const root = path.resolve(import.meta.dirname, "..");

/** The environment of a user who has set nothing: no database, data dir, admin or secret of this test run. */
function userEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", ...extra };
  for (const name of ["DATABASE_URL", "GOODHART_DATA_DIR", "GOODHART_ADMIN_EMAIL", "GOODHART_ADMIN_PASSWORD", "GOODHART_SKIP_DEMO", "AUTH_SECRET", "HOSTNAME"])
    if (!(name in extra)) delete env[name];
  return env;
}

/** `npm start` in its own process group, so stopping it also stops the build it runs. */
function npmStart(cwd: string, env: NodeJS.ProcessEnv) {
  let output = "";
  const child = spawn("npm", ["start"], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
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

describe.runIf(currentProvider() === "sqlite")("a first start", () => {
  it("answers on its port within 5 s of `npm start` on a fresh clone, with the build page", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-clone-"));
    const clone = path.join(dir, "goodhart");
    // A fresh clone, as a user makes it: the committed sources, no build, no data. `npm install`
    // is stood in for by this checkout's node_modules and its postinstall step, which generates the
    // Prisma client.
    execFileSync("git", ["clone", "--quiet", "--shared", root, clone]);
    symlinkSync(path.join(root, "node_modules"), path.join(clone, "node_modules"));
    execFileSync(process.execPath, ["--import", "tsx", "scripts/prepare-prisma.ts"], { cwd: clone, stdio: "pipe" });
    const port = 3215;
    const started = Date.now();
    const app = npmStart(clone, userEnv(port));
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
    } finally {
      await stop(app.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  // Building the app here would take 5 to 10 minutes: this start uses the checkout's build when it
  // is current (npm start builds it first otherwise, and then the build's lines come before the password).
  it("prints the demo admin's password among the last 10 lines of start-up, with where it is stored", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "goodhart-first-data-"));
    const port = 3216;
    const app = npmStart(root, userEnv(port, { GOODHART_DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "goodhart.db")}` }));
    try {
      await waitFor(async () => /with password \S+/.test(app.output()), 600_000, 200).catch((error) => {
        throw new Error(`${error.message}\n${app.output()}`);
      });
      const lines = app.output().trimEnd().split("\n");
      const passwordAt = lines.findIndex((line) => /sign in as \S+ with password \S+ \(also written to .*admin-password\.txt\)/.test(line));
      expect(passwordAt, lines.join("\n")).toBeGreaterThanOrEqual(0);
      expect(
        lines.length - passwordAt,
        `the password line is ${lines.length - passwordAt} lines from the end:\n${lines.slice(-12).join("\n")}`,
      ).toBeLessThanOrEqual(10);
      expect(lines.findIndex((line) => line.includes("Goodhart is ready on"))).toBeLessThan(passwordAt);
    } finally {
      await stop(app.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 660_000);
});
