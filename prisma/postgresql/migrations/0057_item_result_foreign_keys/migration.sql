-- DropForeignKey
ALTER TABLE "ItemResult" DROP CONSTRAINT "ItemResult_projectId_fkey";

-- DropForeignKey
ALTER TABLE "ItemResult" DROP CONSTRAINT "ItemResult_rubricItemId_fkey";

