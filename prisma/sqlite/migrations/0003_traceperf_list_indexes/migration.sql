-- DropIndex
DROP INDEX "Trace_projectId_createdAt_idx";

-- DropIndex
DROP INDEX "Trace_projectId_environment_createdAt_idx";

-- DropIndex
DROP INDEX "Trace_projectId_source_createdAt_idx";

-- DropIndex
DROP INDEX "Trace_projectId_reward_idx";

-- CreateIndex
CREATE INDEX "Trace_projectId_createdAt_id_idx" ON "Trace"("projectId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Trace_projectId_environment_createdAt_id_idx" ON "Trace"("projectId", "environment", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Trace_projectId_source_createdAt_id_idx" ON "Trace"("projectId", "source", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Trace_projectId_runName_createdAt_idx" ON "Trace"("projectId", "runName", "createdAt");

-- CreateIndex
CREATE INDEX "Trace_projectId_reward_id_idx" ON "Trace"("projectId", "reward", "id");

-- CreateIndex
CREATE INDEX "Trace_projectId_stepCount_id_idx" ON "Trace"("projectId", "stepCount", "id");

-- CreateIndex
CREATE INDEX "Trace_projectId_openEdgeCases_idx" ON "Trace"("projectId", "openEdgeCases");

