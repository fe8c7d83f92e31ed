-- CreateTable
CREATE TABLE "ReportResult" (
    "jobId" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReportResult_pkey" PRIMARY KEY ("jobId")
);

-- CreateIndex
CREATE INDEX "ReportResult_createdAt_idx" ON "ReportResult"("createdAt");
