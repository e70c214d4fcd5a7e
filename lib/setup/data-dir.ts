import { mkdirSync } from "node:fs";
import path from "node:path";

/** ./data by default: the SQLite file, the generated auth secret and the demo admin's password. */
export function dataDir(): string {
  const dir = path.resolve(/*turbopackIgnore: true*/ process.env.GOODHART_DATA_DIR || "./data");
  mkdirSync(dir, { recursive: true });
  return dir;
}
