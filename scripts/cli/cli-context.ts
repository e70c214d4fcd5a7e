import path from "node:path";
import { getDb, type Db } from "../../lib/db/client";
import { ensureDatabaseReady } from "../../lib/db/ensure-database-ready";
import { findProjectBySlug, defaultProjectSlug, ensureProject } from "../../lib/projects/find-project";
import type { Actor } from "../../lib/audit/record-audit-event";
import { userInfo } from "node:os";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

/** What every command needs: a migrated database and the project it acts on. */
export async function openCli({ project = defaultProjectSlug }: { project?: string }) {
  await ensureDatabaseReady({ root: repoRoot });
  const db: Db = getDb();
  const found = project === defaultProjectSlug ? await ensureProject(db, project, "Default project") : await findProjectBySlug(db, project);
  const actor: Actor = { userId: null, label: `cli:${userInfo().username}` };
  return { db, project: found, actor };
}

/**
 * A file argument as the user meant it: relative to the directory they ran the command in. `npm run
 * goodhart -- ...` runs from the checkout's root and says where it was started in INIT_CWD; the bin
 * and tsx run where they were started.
 */
export function userFile(file: string): string {
  const startedIn = process.env.npm_lifecycle_event === "goodhart" ? process.env.INIT_CWD : undefined;
  return path.resolve(startedIn ?? process.cwd(), file);
}

/** Thrown for a failure the user can fix; printed without a stack, exit code 1. */
export class CliError extends Error {}
