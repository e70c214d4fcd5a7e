-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TraceStep" (
    "traceId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT,
    "reasoning" TEXT,
    "toolName" TEXT,
    "toolCallId" TEXT,
    "arguments" JSONB,
    "result" JSONB,
    "error" TEXT,
    "tokensIn" INTEGER,
    "tokensOut" INTEGER,
    "latencyMs" REAL,
    "startedAt" DATETIME,
    "metadata" JSONB,

    PRIMARY KEY ("traceId", "index"),
    CONSTRAINT "TraceStep_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TraceStep" ("arguments", "content", "error", "index", "latencyMs", "metadata", "reasoning", "result", "role", "startedAt", "toolCallId", "toolName", "tokensIn", "tokensOut", "traceId", "type") SELECT "arguments", "content", "error", "index", "latencyMs", "metadata", "reasoning", "result", "role", "startedAt", "toolCallId", "toolName", "tokensIn", "tokensOut", "traceId", "type" FROM "TraceStep";
DROP TABLE "TraceStep";
ALTER TABLE "new_TraceStep" RENAME TO "TraceStep";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
