import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { authenticateUser } from "../auth/authenticate-user";
import { getDb } from "../db/client";
import { bootstrapInstance } from "./bootstrap-instance";

const db = getDb();

describe("first start", () => {
  process.env.GOODHART_DATA_DIR = mkdtempSync(path.join(tmpdir(), "goodhart-bootstrap-"));
  afterAll(() => {
    delete process.env.GOODHART_DATA_DIR;
  });

  it("creates the default project and a demo admin once; a second start changes nothing", async () => {
    await db.member.deleteMany({ where: { project: { slug: "default" } } });
    const first = await bootstrapInstance(db);
    expect(first.createdAdmin?.email).toBe("admin@goodhart.local");
    const password = first.createdAdmin!.password!;
    expect(readFileSync(first.createdAdmin!.passwordFile!, "utf8")).toContain(password);
    expect(await authenticateUser(db, "admin@goodhart.local", password)).not.toBeNull();

    const second = await bootstrapInstance(db);
    expect(second.createdAdmin).toBeUndefined();
    expect(second.projectId).toBe(first.projectId);
    expect(await authenticateUser(db, "admin@goodhart.local", password)).not.toBeNull();
  });
});
