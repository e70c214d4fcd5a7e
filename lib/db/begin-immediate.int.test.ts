import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { getDb, providerOfDb } from "./client";
import { readDatabaseUrl } from "./database-url";
import { isBusyError } from "./retry-on-busy";

const db = getDb();
let projectId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "immediate")).id;
});
afterAll(() => deleteProject(db, projectId));

// SQLite only: PostgreSQL has row locks, not one write lock per file.
describe.runIf(providerOfDb(db) === "sqlite")("Prisma transactions on SQLite", () => {
  it("take the write lock when they begin, so a write from another process cannot slip in between their read and their write", async () => {
    // Another process's connection that does not wait: it is refused at once while the lock is held.
    const other = new Database(readDatabaseUrl().replace(/^file:/, ""), { timeout: 0 });
    const refusals: unknown[] = [];
    try {
      const name = uniqueName("renamed");
      await db.$transaction(async (tx) => {
        const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
        try {
          other.prepare(`UPDATE "Project" SET "name" = 'from the other process' WHERE "id" = ?`).run(projectId);
        } catch (error) {
          refusals.push(error);
        }
        // A deferred transaction fails here with SQLITE_BUSY_SNAPSHOT once the other write went in.
        await tx.project.update({ where: { id: project.id }, data: { name } });
      });
      expect(refusals).toHaveLength(1);
      expect(isBusyError(refusals[0])).toBe(true);
      expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).name).toBe(name);
      // Once it has committed, the other process writes as usual.
      other.prepare(`UPDATE "Project" SET "name" = 'from the other process' WHERE "id" = ?`).run(projectId);
      expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).name).toBe("from the other process");
    } finally {
      other.close();
    }
  });
});
