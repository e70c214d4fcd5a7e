-- CreateTable
CREATE TABLE "MetricBucket" (
    "runId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "bucket" INTEGER NOT NULL,
    "min" REAL NOT NULL,
    "max" REAL NOT NULL,
    "sum" REAL NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("runId", "name", "level", "bucket"),
    CONSTRAINT "MetricBucket_runId_fkey" FOREIGN KEY ("runId") REFERENCES "TrainingRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
