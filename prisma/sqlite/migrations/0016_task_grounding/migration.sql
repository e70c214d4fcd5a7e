-- CreateIndex
CREATE INDEX "Trace_projectId_task_runName_step_idx" ON "Trace"("projectId", "task", "runName", "step");
