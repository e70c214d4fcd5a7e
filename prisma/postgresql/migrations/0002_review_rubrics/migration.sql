-- AlterTable
ALTER TABLE "Verdict" ADD COLUMN     "jobId" TEXT;

-- AlterTable
ALTER TABLE "RubricVersion" ADD COLUMN     "basedOnId" TEXT;

-- AlterTable
ALTER TABLE "KnownHack" ADD COLUMN     "edgeCaseId" TEXT;

-- AlterTable
ALTER TABLE "EdgeCase" ADD COLUMN     "assigneeId" TEXT,
ADD COLUMN     "environment" TEXT,
ADD COLUMN     "rule" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "EdgeCaseExample" ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "detail" JSONB;

-- CreateTable
CREATE TABLE "HumanLabel" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "edgeCaseId" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HumanLabel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RubricCandidate" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RubricCandidate_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE INDEX "EdgeCase_projectId_assigneeId_status_idx" ON "EdgeCase"("projectId", "assigneeId", "status");

-- AddForeignKey
ALTER TABLE "EdgeCase" ADD CONSTRAINT "EdgeCase_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HumanLabel" ADD CONSTRAINT "HumanLabel_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HumanLabel" ADD CONSTRAINT "HumanLabel_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HumanLabel" ADD CONSTRAINT "HumanLabel_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RubricCandidate" ADD CONSTRAINT "RubricCandidate_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

