-- AlterTable
ALTER TABLE "MetricPoint" ADD COLUMN "time" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RunEvent" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "step" INTEGER,
    "kind" TEXT NOT NULL,
    "message" TEXT,
    "data" JSONB,
    "time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dedupeKey" TEXT NOT NULL,

    CONSTRAINT "RunEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RunEvent_runId_step_idx" ON "RunEvent"("runId", "step");

-- CreateIndex
CREATE UNIQUE INDEX "RunEvent_runId_dedupeKey_key" ON "RunEvent"("runId", "dedupeKey");

-- AddForeignKey
ALTER TABLE "RunEvent" ADD CONSTRAINT "RunEvent_runId_fkey" FOREIGN KEY ("runId") REFERENCES "TrainingRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
