-- AlterTable
ALTER TABLE "Document" ADD COLUMN "contentType" TEXT NOT NULL DEFAULT 'text/plain',
ADD COLUMN "source" TEXT;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN "originDocumentId" TEXT,
ADD COLUMN "originSpan" JSONB;

-- CreateIndex
CREATE INDEX "Task_originDocumentId_idx" ON "Task"("originDocumentId");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_originDocumentId_fkey" FOREIGN KEY ("originDocumentId") REFERENCES "Document"("id") ON DELETE SET NULL ON UPDATE CASCADE;
