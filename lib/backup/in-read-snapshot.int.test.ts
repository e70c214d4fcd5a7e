import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, getDb } from "../db/client";
import { readDatabaseUrl } from "../db/database-url";
import { deleteProject, makeProject } from "../testing/factories";
import { inReadSnapshot } from "./in-read-snapshot";

// An export must not see rows another process writes while it reads: a trace written halfway
// through would otherwise appear without its steps, or its steps without it.
const db = getDb();
let projectId: string;

beforeAll(async () => {
  ({ id: projectId } = await makeProject(db, "snapshot"));
});
afterAll(() => deleteProject(db, projectId));

describe("inReadSnapshot", () => {
  it("reads the database as it was when it began, while another client writes", async () => {
    const reader = createDb(readDatabaseUrl());
    try {
      const counts = await inReadSnapshot(reader, async (snapshot) => {
        const before = await snapshot.trace.count({ where: { projectId } });
        await db.trace.create({ data: { projectId, externalId: "during", contentHash: "during", source: "production" } });
        const after = await snapshot.trace.count({ where: { projectId } });
        return { before, after };
      });
      expect(counts).toEqual({ before: 0, after: 0 });
      expect(await reader.trace.count({ where: { projectId } })).toBe(1);
    } finally {
      await reader.$disconnect();
    }
  });
});
