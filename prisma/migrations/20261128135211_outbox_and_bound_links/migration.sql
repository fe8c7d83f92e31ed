-- DropIndex
DROP INDEX "TicketApprovalLink_companyId_ticketId_stepId_approverId_key";

-- AlterTable
ALTER TABLE "TicketApprovalLink" ADD COLUMN     "goneAt" TIMESTAMP(3),
ADD COLUMN     "ticketCreatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER,
    "key" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_key_key" ON "OutboxMessage"("key");

-- CreateIndex
CREATE INDEX "OutboxMessage_state_nextAt_idx" ON "OutboxMessage"("state", "nextAt");

-- CreateIndex
CREATE UNIQUE INDEX "TicketApprovalLink_companyId_ticketId_ticketCreatedAt_stepI_key" ON "TicketApprovalLink"("companyId", "ticketId", "ticketCreatedAt", "stepId", "approverId");
