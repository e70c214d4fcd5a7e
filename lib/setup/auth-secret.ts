import { randomBytes } from "node:crypto";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "./data-dir";

/** AUTH_SECRET from the environment, else the one generated into data/ on first start. */
export function ensureAuthSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(/*turbopackIgnore: true*/ dataDir(), "auth-secret");
  if (!existsSync(file)) {
    // Written whole under another name, then linked into place: a process starting beside this one
    // (the worker, a second server) reads either no file or the whole secret, and the first link wins.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(file, "utf8").trim();
}
