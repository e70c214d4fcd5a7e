-- AlterTable
ALTER TABLE "Document" ADD COLUMN "contentType" TEXT NOT NULL DEFAULT 'text/plain';
ALTER TABLE "Document" ADD COLUMN "source" TEXT;

-- AlterTable: added in place (not a table rebuild) so other migrations touching Task merge cleanly
ALTER TABLE "Task" ADD COLUMN "originDocumentId" TEXT REFERENCES "Document" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Task" ADD COLUMN "originSpan" JSONB;

-- CreateIndex
CREATE INDEX "Task_originDocumentId_idx" ON "Task"("originDocumentId");
