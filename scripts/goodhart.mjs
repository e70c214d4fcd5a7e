#!/usr/bin/env node
/* global process */
// The `goodhart` bin: runs the TypeScript CLI through tsx from the repository it lives in.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsx = require.resolve("tsx");
const result = spawnSync(process.execPath, ["--import", tsx, path.join(here, "cli/index.ts"), ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
