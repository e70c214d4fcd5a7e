// Seeds its spec's own project (e2e/spec-project.ts) for e2e/run-divergence.spec.ts and
// e2e/run-page-first-screen.spec.ts: the lab's rubric with v1, a version that closes v1's loophole
// (as a draft, so "latest approved" stays v1), and an API key for an outside script. Prints one JSON line.
// Run: node --import tsx e2e/seed-run-divergence.ts SPEC (DATABASE_URL=file:./data/e2e/goodhart.db).
import { createApiKey } from "../lib/api-keys/create-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { getDb } from "../lib/db/client";
import { labRubricV2 } from "../lib/lab/lab-rubrics";
import { seedLabRubrics } from "../lib/lab/seed-lab-rubrics";
import { rubricItemRow } from "../lib/rubrics/rubric-item-row";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-run-divergence only seeds the e2e database");
// The spec it seeds for (run-divergence, run-page-first-screen), whose own project it makes.
const spec = process.argv[2];
if (!spec) throw new Error("usage: seed-run-divergence.ts SPEC");
const project = await makeSpecProject(db, spec);
const { rubricId } = await seedLabRubrics(db, { projectId: project.id });
const next =
  (await db.rubricVersion.findFirst({ where: { rubricId, version: { gte: 2 } }, orderBy: { version: "desc" }, select: { version: true } })) ??
  (await db.rubricVersion.create({
    data: { rubricId, version: 2, status: "draft", note: "e2e: v1 with its loophole closed", items: { create: labRubricV2.items.map((item, position) => ({ ...rubricItemRow(item), position })) } },
    select: { version: true },
  }));
const { key } = await createApiKey(db, { projectId: project.id, name: `run-divergence-${Date.now().toString(36)}`, actor: systemActor });
console.log(JSON.stringify({ key, nextVersion: next.version }));
await db.$disconnect();
