-- DropIndex
DROP INDEX "TraceStep_traceId_index_key";

-- AlterTable
ALTER TABLE "TraceStep" DROP CONSTRAINT "TraceStep_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "TraceStep_pkey" PRIMARY KEY ("traceId", "index");
