-- AlterTable
ALTER TABLE "ReportRun" ADD COLUMN     "heartbeatAt" TIMESTAMP(3),
ADD COLUMN     "requestKey" TEXT;

-- AlterTable
ALTER TABLE "ReportJob" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "heartbeatAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ReportDelivery" (
    "runId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "ReportDelivery_pkey" PRIMARY KEY ("runId","email")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReportRun_scheduleId_requestKey_key" ON "ReportRun"("scheduleId", "requestKey");

-- AddForeignKey
ALTER TABLE "ReportDelivery" ADD CONSTRAINT "ReportDelivery_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ReportRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
