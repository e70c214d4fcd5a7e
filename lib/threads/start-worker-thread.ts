import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * A TypeScript file beside `moduleUrl` (the caller's import.meta.url) under tsx (the worker process,
 * the CLI, tests); from the repository root (`fromRoot`) in the built Next app, whose bundles live elsewhere.
 */
export function besideModule(moduleUrl: string, name: string, fromRoot: string): string {
  let here: string | null = null;
  try {
    here = path.join(path.dirname(fileURLToPath(moduleUrl)), name);
  } catch {
    here = null;
  }
  // turbopackIgnore: the paths are computed at run time; without it the build traces the whole
  // project into every route that imports this (the data folder's secrets included).
  return here && existsSync(/*turbopackIgnore: true*/ here) ? here : path.join(/*turbopackIgnore: true*/ process.cwd(), fromRoot, name);
}

/**
 * A worker thread running a TypeScript file: the thread registers tsx's loader itself, then imports
 * the file (on Node 20, loader hooks a thread inherits through --import do not reach its entry
 * module). A --cpu-prof of this process profiles the thread too.
 */
export function startWorkerThread(file: string, workerData: unknown): Worker {
  // tsx's ES module API, as an import would resolve it (require.resolve answers the CommonJS one).
  const manifest = resolveFromHere("tsx/package.json");
  const api = path.join(/*turbopackIgnore: true*/ path.dirname(manifest), (JSON.parse(readFileSync(/*turbopackIgnore: true*/ manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports["./esm/api"]!.import.default);
  const code = `import(${JSON.stringify(pathToFileURL(api).href)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}); });`;
  return new Worker(code, { eval: true, workerData, execArgv: process.execArgv.filter((flag) => flag.startsWith("--cpu-prof")) });
}

/** From this repository's node_modules, wherever the process was started (the `goodhart` CLI runs in the user's folder). */
function resolveFromHere(specifier: string): string {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    return createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json")).resolve(specifier);
  }
}
