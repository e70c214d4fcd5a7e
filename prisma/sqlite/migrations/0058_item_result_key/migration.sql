-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ItemResult" (
    "traceId" TEXT NOT NULL,
    "rubricItemId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "evidence" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("traceId", "rubricItemId"),
    CONSTRAINT "ItemResult_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ItemResult" ("answer", "createdAt", "evidence", "projectId", "rubricItemId", "traceId") SELECT "answer", "createdAt", "evidence", "projectId", "rubricItemId", "traceId" FROM "ItemResult";
DROP TABLE "ItemResult";
ALTER TABLE "new_ItemResult" RENAME TO "ItemResult";
CREATE INDEX "ItemResult_rubricItemId_idx" ON "ItemResult"("rubricItemId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

