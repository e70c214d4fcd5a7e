// Seeds its spec's own project (e2e/spec-project.ts) for e2e/redteam.spec.ts: the lab's rubric v1 (as the first start
// seeds it) and the scripted agent's stored rollouts of freshly planted tasks. Run as:
// node --import tsx e2e/seed-redteam.ts TAG; prints the rubric version id and an API key of the project as JSON.
import { createApiKey } from "../lib/api-keys/create-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { getDb } from "../lib/db/client";
import { seedLabRedteamWorld } from "../lib/lab/seed-lab-redteam-world";
import { deriveSeed } from "../lib/random/prng";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-redteam only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const project = await makeSpecProject(db, "redteam");
const { rubricVersionId } = await seedLabRedteamWorld(db, { projectId: project.id, seed: 200_000 + (deriveSeed(tag) % 800_000), count: 30 });
const { key } = await createApiKey(db, { projectId: project.id, name: `redteam-${tag}`, actor: systemActor });
console.log(JSON.stringify({ rubricVersionId, key }));
await db.$disconnect();
