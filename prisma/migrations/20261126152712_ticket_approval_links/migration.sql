-- CreateTable
CREATE TABLE "TicketApprovalLink" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "ticketId" INTEGER NOT NULL,
    "stepId" TEXT NOT NULL,
    "approverId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "TicketApprovalLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TicketFromSubmission" (
    "companyId" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "ticketId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TicketFromSubmission_pkey" PRIMARY KEY ("companyId","submissionId")
);

-- CreateIndex
CREATE INDEX "TicketApprovalLink_companyId_ticketId_idx" ON "TicketApprovalLink"("companyId", "ticketId");

-- CreateIndex
CREATE UNIQUE INDEX "TicketApprovalLink_companyId_ticketId_stepId_approverId_key" ON "TicketApprovalLink"("companyId", "ticketId", "stepId", "approverId");
