// Seeds the e2e database's default project for e2e/redteam.spec.ts: the lab's rubric v1 (as the first start
// seeds it) and the scripted agent's stored rollouts of freshly planted tasks. Run as:
// node --import tsx e2e/seed-redteam.ts TAG; prints the rubric version id as JSON.
import { getDb } from "../lib/db/client";
import { seedLabRedteamWorld } from "../lib/lab/seed-lab-redteam-world";
import { deriveSeed } from "../lib/random/prng";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-redteam only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const project = await db.project.findUniqueOrThrow({ where: { slug: "default" } });
const { rubricVersionId } = await seedLabRedteamWorld(db, { projectId: project.id, seed: 200_000 + (deriveSeed(tag) % 800_000), count: 30 });
console.log(JSON.stringify({ rubricVersionId }));
await db.$disconnect();
