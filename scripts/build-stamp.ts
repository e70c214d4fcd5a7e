// Whether the .next build matches the sources: a hash of every file the build reads.
import { createHash } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const inputs = ["app", "components", "lib", "public", "next.config.js", "proxy.ts", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
const skipped = new Set(["node_modules", ".next", "generated"]);

function* walk(file: string): Generator<string> {
  if (!existsSync(file)) return;
  if (statSync(file).isDirectory()) {
    for (const entry of readdirSync(file).sort()) if (!skipped.has(entry)) yield* walk(path.join(file, entry));
  } else if (!/\.test\.tsx?$/.test(file)) {
    yield file;
  }
}

export function sourceStamp(root: string): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of walk(path.join(root, input))) hash.update(path.relative(root, file)).update(readFileSync(file));
  }
  return hash.digest("hex");
}

export const stampFile = (root: string) => path.join(root, ".next", "goodhart-source-stamp");

export function isBuildCurrent(root: string): boolean {
  const file = stampFile(root);
  return existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(file) && readFileSync(file, "utf8") === sourceStamp(root);
}

/** Runs `next build` unless the last build is of these very sources; false when the build failed. */
export function buildIfStale(root: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (isBuildCurrent(root)) return true;
  const build = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: "inherit", env: { ...env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) return false;
  writeFileSync(stampFile(root), sourceStamp(root));
  return true;
}

/**
 * `next build` in the background, its output passed on line by line (to follow the stages), the
 * stamp written when it succeeds. Resolves true when the build succeeded.
 */
export function buildInBackground(root: string, env: NodeJS.ProcessEnv, onLine: (line: string) => void): Promise<boolean> {
  const build = spawn(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...env, NEXT_TELEMETRY_DISABLED: "1" } });
  createInterface({ input: build.stdout! }).on("line", onLine);
  createInterface({ input: build.stderr! }).on("line", onLine);
  return new Promise((resolve) =>
    build.once("exit", (code) => {
      if (code === 0) writeFileSync(stampFile(root), sourceStamp(root));
      resolve(code === 0);
    }),
  );
}
