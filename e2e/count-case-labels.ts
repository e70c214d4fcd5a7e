// Prints how many human labels an edge case's decision wrote, for e2e/queue-scroll.spec.ts.
// Run: node --import tsx e2e/count-case-labels.ts <caseId> (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";

const db = getDb();
// A string, so a colouring console (FORCE_COLOR under Playwright) prints it bare.
console.log(String(await db.humanLabel.count({ where: { edgeCaseId: process.argv[2] ?? "" } })));
await db.$disconnect();
