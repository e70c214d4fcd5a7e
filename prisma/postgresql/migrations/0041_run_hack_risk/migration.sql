-- AlterTable
ALTER TABLE "TrainingRun" ADD COLUMN "hackRisk" JSONB;
