-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ItemResult" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "rubricItemId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "evidence" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ItemResult_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ItemResult" ("answer", "createdAt", "evidence", "id", "projectId", "rubricItemId", "traceId") SELECT "answer", "createdAt", "evidence", "id", "projectId", "rubricItemId", "traceId" FROM "ItemResult";
DROP TABLE "ItemResult";
ALTER TABLE "new_ItemResult" RENAME TO "ItemResult";
CREATE INDEX "ItemResult_traceId_idx" ON "ItemResult"("traceId");
CREATE UNIQUE INDEX "ItemResult_rubricItemId_traceId_key" ON "ItemResult"("rubricItemId", "traceId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

