-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Member" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Member_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Member_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Trace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "environment" TEXT,
    "task" TEXT,
    "runName" TEXT,
    "runId" TEXT,
    "step" INTEGER,
    "input" TEXT,
    "output" TEXT,
    "reward" REAL,
    "success" BOOLEAN,
    "scores" JSONB,
    "endState" JSONB,
    "metadata" JSONB,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "totalTokens" INTEGER NOT NULL DEFAULT 0,
    "openEdgeCases" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Trace_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Trace_runId_fkey" FOREIGN KEY ("runId") REFERENCES "TrainingRun" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TraceStep" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    CONSTRAINT "TraceStep_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "metadata" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Document_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "context" JSONB,
    "referenceAnswer" TEXT,
    "plantedState" JSONB,
    "originTraceId" TEXT,
    "rolloutCount" INTEGER NOT NULL DEFAULT 0,
    "passCount" INTEGER NOT NULL DEFAULT 0,
    "passRate" REAL,
    "groundingGap" REAL,
    "isHeldOut" BOOLEAN NOT NULL DEFAULT false,
    "metadata" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Task_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_originTraceId_fkey" FOREIGN KEY ("originTraceId") REFERENCES "Trace" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Judge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "isSimulated" BOOLEAN NOT NULL DEFAULT false,
    "environment" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Judge_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "judgeId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeVersion_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Verdict" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "judgeVersionId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "score" REAL,
    "rationale" TEXT,
    "issues" JSONB,
    "error" TEXT,
    "costUsd" REAL,
    "tokensIn" INTEGER,
    "tokensOut" INTEGER,
    "latencyMs" REAL,
    "cacheKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Verdict_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Verdict_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Verdict_judgeVersionId_fkey" FOREIGN KEY ("judgeVersionId") REFERENCES "JudgeVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Rubric" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hackMode" TEXT NOT NULL DEFAULT 'zero',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Rubric_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RubricVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "rubricId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "note" TEXT,
    "createdById" TEXT,
    "approvedById" TEXT,
    "approvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RubricVersion_rubricId_fkey" FOREIGN KEY ("rubricId") REFERENCES "Rubric" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RubricItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "rubricVersionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "polarity" TEXT NOT NULL,
    "weight" REAL NOT NULL,
    "checkKind" TEXT NOT NULL,
    "check" JSONB NOT NULL,
    "provenance" JSONB,
    "position" INTEGER NOT NULL DEFAULT 0,
    "knownHackId" TEXT,
    CONSTRAINT "RubricItem_rubricVersionId_fkey" FOREIGN KEY ("rubricVersionId") REFERENCES "RubricVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RubricItem_knownHackId_fkey" FOREIGN KEY ("knownHackId") REFERENCES "KnownHack" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ItemResult" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "rubricItemId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "evidence" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ItemResult_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ItemResult_rubricItemId_fkey" FOREIGN KEY ("rubricItemId") REFERENCES "RubricItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ItemResult_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "KnownHack" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "environment" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "recognition" TEXT,
    "status" TEXT NOT NULL DEFAULT 'proposed',
    "proposedItem" JSONB,
    "proposedById" TEXT,
    "decidedById" TEXT,
    "decidedAt" DATETIME,
    "decisionNote" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "KnownHack_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "KnownHackExample" (
    "knownHackId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,

    PRIMARY KEY ("knownHackId", "traceId"),
    CONSTRAINT "KnownHackExample_knownHackId_fkey" FOREIGN KEY ("knownHackId") REFERENCES "KnownHack" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "KnownHackExample_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrainingRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "externalId" TEXT,
    "trainer" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "environment" TEXT,
    "rubricVersionId" TEXT,
    "config" JSONB,
    "summary" JSONB,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TrainingRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TrainingRun_rubricVersionId_fkey" FOREIGN KEY ("rubricVersionId") REFERENCES "RubricVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MetricPoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "value" REAL NOT NULL,
    CONSTRAINT "MetricPoint_runId_fkey" FOREIGN KEY ("runId") REFERENCES "TrainingRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EdgeCase" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EdgeCase_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EdgeCaseExample" (
    "edgeCaseId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,

    PRIMARY KEY ("edgeCaseId", "traceId"),
    CONSTRAINT "EdgeCaseExample_edgeCaseId_fkey" FOREIGN KEY ("edgeCaseId") REFERENCES "EdgeCase" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EdgeCaseExample_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT,
    "actorId" TEXT,
    "actorLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT,
    "details" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEvent_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "idempotencyKey" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT,
    "lockedUntil" DATETIME,
    "progress" REAL NOT NULL DEFAULT 0,
    "progressMessage" TEXT,
    "result" JSONB,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Job_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");

-- CreateIndex
CREATE INDEX "Member_userId_idx" ON "Member"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Member_projectId_userId_key" ON "Member"("projectId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_projectId_createdAt_idx" ON "ApiKey"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "Trace_projectId_createdAt_idx" ON "Trace"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "Trace_projectId_environment_createdAt_idx" ON "Trace"("projectId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "Trace_projectId_source_createdAt_idx" ON "Trace"("projectId", "source", "createdAt");

-- CreateIndex
CREATE INDEX "Trace_runId_step_idx" ON "Trace"("runId", "step");

-- CreateIndex
CREATE INDEX "Trace_projectId_reward_idx" ON "Trace"("projectId", "reward");

-- CreateIndex
CREATE UNIQUE INDEX "Trace_projectId_externalId_key" ON "Trace"("projectId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "TraceStep_traceId_index_key" ON "TraceStep"("traceId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "Document_projectId_externalId_key" ON "Document"("projectId", "externalId");

-- CreateIndex
CREATE INDEX "Task_projectId_environment_passRate_idx" ON "Task"("projectId", "environment", "passRate");

-- CreateIndex
CREATE UNIQUE INDEX "Task_projectId_externalId_key" ON "Task"("projectId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Judge_projectId_name_key" ON "Judge"("projectId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeVersion_judgeId_version_key" ON "JudgeVersion"("judgeId", "version");

-- CreateIndex
CREATE INDEX "Verdict_traceId_idx" ON "Verdict"("traceId");

-- CreateIndex
CREATE INDEX "Verdict_projectId_createdAt_idx" ON "Verdict"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Verdict_judgeVersionId_traceId_key" ON "Verdict"("judgeVersionId", "traceId");

-- CreateIndex
CREATE UNIQUE INDEX "Rubric_projectId_environment_key" ON "Rubric"("projectId", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "RubricVersion_rubricId_version_key" ON "RubricVersion"("rubricId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "RubricItem_rubricVersionId_key_key" ON "RubricItem"("rubricVersionId", "key");

-- CreateIndex
CREATE INDEX "ItemResult_traceId_idx" ON "ItemResult"("traceId");

-- CreateIndex
CREATE UNIQUE INDEX "ItemResult_rubricItemId_traceId_key" ON "ItemResult"("rubricItemId", "traceId");

-- CreateIndex
CREATE INDEX "KnownHack_projectId_status_idx" ON "KnownHack"("projectId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "KnownHack_projectId_name_key" ON "KnownHack"("projectId", "name");

-- CreateIndex
CREATE INDEX "TrainingRun_projectId_createdAt_idx" ON "TrainingRun"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TrainingRun_projectId_externalId_key" ON "TrainingRun"("projectId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "MetricPoint_runId_name_step_key" ON "MetricPoint"("runId", "name", "step");

-- CreateIndex
CREATE INDEX "EdgeCase_projectId_status_priority_idx" ON "EdgeCase"("projectId", "status", "priority");

-- CreateIndex
CREATE UNIQUE INDEX "EdgeCase_projectId_groupKey_key" ON "EdgeCase"("projectId", "groupKey");

-- CreateIndex
CREATE INDEX "EdgeCaseExample_traceId_idx" ON "EdgeCaseExample"("traceId");

-- CreateIndex
CREATE INDEX "AuditEvent_projectId_createdAt_idx" ON "AuditEvent"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Job_idempotencyKey_key" ON "Job"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_projectId_createdAt_idx" ON "Job"("projectId", "createdAt");

