// Prints how many human labels an edge case's decision wrote, for e2e/queue-scroll.spec.ts.
// Run: node --import tsx e2e/count-case-labels.ts <caseId> (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";

const db = getDb();
console.log(await db.humanLabel.count({ where: { edgeCaseId: process.argv[2] ?? "" } }));
await db.$disconnect();
