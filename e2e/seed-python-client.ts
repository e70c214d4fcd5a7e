// Seeds its spec's own project (e2e/spec-project.ts) for the Python client's tests: the lab's rubrics (an
// environment with an approved version) and an API key, printed as one JSON line.
// Run by e2e/python-client.spec.ts, trace-page.spec.ts and long-trace.spec.ts: node --import tsx e2e/seed-python-client.ts SPEC (DATABASE_URL=file:./data/e2e/goodhart.db).
import { createApiKey } from "../lib/api-keys/create-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { getDb } from "../lib/db/client";
import { LAB_ENVIRONMENT } from "../lib/lab/lab-rubrics";
import { seedLabRubrics } from "../lib/lab/seed-lab-rubrics";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-python-client only seeds the e2e database");
// The spec it seeds for (python-client, trace-page, long-trace), whose own project it makes.
const spec = process.argv[2];
if (!spec) throw new Error("usage: seed-python-client.ts SPEC");
const project = await makeSpecProject(db, spec);
await seedLabRubrics(db, { projectId: project.id });
const { key } = await createApiKey(db, { projectId: project.id, name: `python-client-${Date.now().toString(36)}`, actor: systemActor });
console.log(JSON.stringify({ key, environment: LAB_ENVIRONMENT }));
await db.$disconnect();
