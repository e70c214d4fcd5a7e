-- CreateTable
CREATE TABLE "MetricBucket" (
    "runId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "bucket" INTEGER NOT NULL,
    "min" DOUBLE PRECISION NOT NULL,
    "max" DOUBLE PRECISION NOT NULL,
    "sum" DOUBLE PRECISION NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "MetricBucket_pkey" PRIMARY KEY ("runId","name","level","bucket")
);

-- AddForeignKey
ALTER TABLE "MetricBucket" ADD CONSTRAINT "MetricBucket_runId_fkey" FOREIGN KEY ("runId") REFERENCES "TrainingRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
