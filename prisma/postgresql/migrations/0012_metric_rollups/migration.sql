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

-- Backfill: the rollup of every point stored before this migration, each level from the one below.
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 4, "step" >> 4, MIN("value"), MAX("value"), SUM("value"), COUNT(*) FROM "MetricPoint" GROUP BY "runId", "name", "step" >> 4;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 6, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 4 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 8, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 6 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 10, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 8 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 12, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 10 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 14, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 12 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 16, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 14 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 18, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 16 GROUP BY "runId", "name", "bucket" >> 2;
INSERT INTO "MetricBucket" ("runId", "name", "level", "bucket", "min", "max", "sum", "count")
SELECT "runId", "name", 20, "bucket" >> 2, MIN("min"), MAX("max"), SUM("sum"), SUM("count") FROM "MetricBucket" WHERE "level" = 18 GROUP BY "runId", "name", "bucket" >> 2;
