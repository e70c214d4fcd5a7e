import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../lib/api-keys/api-key-secret";
import { getDb } from "../../lib/db/client";
import { deleteProject, makeProject, makeUser } from "../../lib/testing/factories";

// `goodhart api-key create` as a user runs it, against the test database, in a project of its own.
const root = path.resolve(import.meta.dirname, "../..");
const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string; email: string };
let outsider: { id: string; email: string };
let other: { id: string; slug: string };

beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "key-cli"), makeProject(db, "key-cli-other")]);
  reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
  outsider = await makeUser(db, { projectId: other.id, role: "admin" });
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { cwd: root, env: process.env, encoding: "utf8", timeout: 120_000 });

describe("goodhart api-key create", () => {
  it("with --as makes a key in a member's name; without it, a key with no member behind it; refuses a non-member", async () => {
    const made = cli("api-key", "create", "--project", project.slug, "--name", "loop", "--as", reviewer.email, "--json");
    expect(made.status, made.stderr).toBe(0);
    const printed = JSON.parse(made.stdout.trim().split("\n").at(-1)!);
    expect(printed).toMatchObject({ name: "loop", project: project.slug, actingAs: { email: reviewer.email, role: "reviewer" }, key: expect.any(String) });
    expect(await db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(printed.key) } })).toMatchObject({ projectId: project.id, createdById: reviewer.id });

    const plain = cli("api-key", "create", "--project", project.slug, "--name", "ci");
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/reads only/);
    expect(await db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(plain.stdout.trim()) } })).toMatchObject({ createdById: null });

    const refused = cli("api-key", "create", "--project", project.slug, "--as", outsider.email);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not a member of this project/);
    // `--as "$GOODHART_ADMIN_EMAIL"` with the variable unset: refused, not a key that only reads.
    const empty = cli("api-key", "create", "--project", project.slug, "--as", "");
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/--as needs a member's email; it was empty/);
    expect(await db.apiKey.count({ where: { projectId: project.id } })).toBe(2);
  }, 120_000);
});
