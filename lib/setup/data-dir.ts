import path from "node:path";
import { makePrivateDir } from "../db/private-files";

/** ./data by default: the SQLite file, the generated auth secret and the demo admin's password; private (0700). */
export function dataDir(): string {
  const dir = path.resolve(/*turbopackIgnore: true*/ process.env.GOODHART_DATA_DIR || "./data");
  makePrivateDir(dir);
  return dir;
}
