-- AlterTable
ALTER TABLE "Verdict" ADD COLUMN "jobId" TEXT;

-- AlterTable
ALTER TABLE "RubricVersion" ADD COLUMN "basedOnId" TEXT;

-- AlterTable
ALTER TABLE "KnownHack" ADD COLUMN "edgeCaseId" TEXT;

-- CreateTable
CREATE TABLE "HumanLabel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "edgeCaseId" TEXT,
    "note" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "HumanLabel_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "HumanLabel_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "HumanLabel_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RubricCandidate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "clusterKey" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "polarity" TEXT NOT NULL DEFAULT 'good',
    "count" INTEGER NOT NULL,
    "issues" JSONB NOT NULL,
    "rationales" JSONB NOT NULL,
    "exampleTraceIds" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'candidate',
    "rubricItemId" TEXT,
    "jobId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RubricCandidate_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EdgeCase" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rule" TEXT NOT NULL DEFAULT '',
    "environment" TEXT,
    "groupKey" TEXT NOT NULL,
    "priority" REAL NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT,
    "title" TEXT NOT NULL,
    "explanation" TEXT NOT NULL,
    "evidence" JSONB,
    "count" INTEGER NOT NULL DEFAULT 1,
    "decision" TEXT,
    "decidedById" TEXT,
    "decidedAt" DATETIME,
    "note" TEXT,
    "assigneeId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EdgeCase_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EdgeCase_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_EdgeCase" ("count", "createdAt", "decidedAt", "decidedById", "decision", "evidence", "explanation", "groupKey", "id", "kind", "note", "priority", "projectId", "status", "subjectId", "subjectType", "title", "updatedAt") SELECT "count", "createdAt", "decidedAt", "decidedById", "decision", "evidence", "explanation", "groupKey", "id", "kind", "note", "priority", "projectId", "status", "subjectId", "subjectType", "title", "updatedAt" FROM "EdgeCase";
DROP TABLE "EdgeCase";
ALTER TABLE "new_EdgeCase" RENAME TO "EdgeCase";
CREATE INDEX "EdgeCase_projectId_status_priority_idx" ON "EdgeCase"("projectId", "status", "priority");
CREATE INDEX "EdgeCase_projectId_assigneeId_status_idx" ON "EdgeCase"("projectId", "assigneeId", "status");
CREATE UNIQUE INDEX "EdgeCase_projectId_groupKey_key" ON "EdgeCase"("projectId", "groupKey");
CREATE TABLE "new_EdgeCaseExample" (
    "edgeCaseId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "detail" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("edgeCaseId", "traceId"),
    CONSTRAINT "EdgeCaseExample_edgeCaseId_fkey" FOREIGN KEY ("edgeCaseId") REFERENCES "EdgeCase" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EdgeCaseExample_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_EdgeCaseExample" ("edgeCaseId", "traceId") SELECT "edgeCaseId", "traceId" FROM "EdgeCaseExample";
DROP TABLE "EdgeCaseExample";
ALTER TABLE "new_EdgeCaseExample" RENAME TO "EdgeCaseExample";
CREATE INDEX "EdgeCaseExample_traceId_idx" ON "EdgeCaseExample"("traceId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "HumanLabel_projectId_createdAt_idx" ON "HumanLabel"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "HumanLabel_traceId_userId_key" ON "HumanLabel"("traceId", "userId");

-- CreateIndex
CREATE INDEX "RubricCandidate_projectId_environment_status_idx" ON "RubricCandidate"("projectId", "environment", "status");

-- CreateIndex
CREATE UNIQUE INDEX "RubricCandidate_projectId_environment_clusterKey_key" ON "RubricCandidate"("projectId", "environment", "clusterKey");

-- CreateIndex
CREATE INDEX "Verdict_judgeVersionId_cacheKey_idx" ON "Verdict"("judgeVersionId", "cacheKey");

-- CreateIndex
CREATE INDEX "Verdict_jobId_idx" ON "Verdict"("jobId");

