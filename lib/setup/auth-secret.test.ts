import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** One process's ensureAuthSecret() in `dir`, called at `startAt` (epoch ms) once it has loaded, as printed by it. */
function secretFromProcess(dir: string, startAt: number): Promise<string> {
  // Asleep until 200 ms before the instant, then spinning, so the processes call it within a millisecond of each other.
  const script = `import("./lib/setup/auth-secret.ts").then((m) => setTimeout(() => { while (Date.now() < ${startAt}); process.stdout.write(m.ensureAuthSecret()); }, ${startAt} - Date.now() - 200))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "-e", script], { cwd: root, env: { ...process.env, AUTH_SECRET: "", GOODHART_DATA_DIR: dir } });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

describe("ensureAuthSecret", () => {
  it("gives processes starting together on an empty data directory one secret, and leaves only its file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-secret-"));
    const startAt = Date.now() + 3_000;
    const secrets = await Promise.all(Array.from({ length: 6 }, () => secretFromProcess(dir, startAt)));
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(secrets).size).toBe(1);
    expect(readdirSync(dir)).toEqual(["auth-secret"]);
  }, 60_000);
});
