-- DropIndex
DROP INDEX "ItemResult_traceId_idx";

-- DropIndex
DROP INDEX "ItemResult_rubricItemId_traceId_key";

-- AlterTable
ALTER TABLE "ItemResult" DROP CONSTRAINT "ItemResult_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "ItemResult_pkey" PRIMARY KEY ("traceId", "rubricItemId");

-- CreateIndex
CREATE INDEX "ItemResult_rubricItemId_idx" ON "ItemResult"("rubricItemId");

