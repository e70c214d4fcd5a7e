// Makes a spec's own project (e2e/spec-project.ts) for a spec that seeds nothing else before its pages.
// Run: node --import tsx e2e/seed-spec-project.ts SPEC (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-spec-project only seeds the e2e database");
const spec = process.argv[2];
if (!spec) throw new Error("usage: seed-spec-project.ts SPEC");
const project = await makeSpecProject(db, spec);
console.log(JSON.stringify({ projectSlug: project.slug }));
await db.$disconnect();
