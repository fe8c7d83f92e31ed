-- CreateTable
CREATE TABLE "AutomationDelivery" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "action" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "maxTries" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "nextAt" TIMESTAMP(3),
    "claimedAt" TIMESTAMP(3),
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "otherErrors" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutomationDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AutomationDelivery_state_nextAt_idx" ON "AutomationDelivery"("state", "nextAt");

-- CreateIndex
CREATE INDEX "AutomationDelivery_automationId_idx" ON "AutomationDelivery"("automationId");

-- CreateIndex
CREATE UNIQUE INDEX "AutomationDelivery_runId_action_key" ON "AutomationDelivery"("runId", "action");
