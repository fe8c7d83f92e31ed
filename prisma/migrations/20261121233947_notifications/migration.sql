-- CreateTable
CREATE TABLE "AlertRule" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kinds" TEXT[],
    "imeis" TEXT[],
    "groupIds" INTEGER[],
    "channels" TEXT[],
    "email" TEXT,
    "webhookUrl" TEXT,
    "webhookSecret" TEXT,
    "quietStart" TEXT,
    "quietEnd" TEXT,
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertDispatch" (
    "eventId" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertDispatch_pkey" PRIMARY KEY ("eventId","userId")
);

-- CreateTable
CREATE TABLE "EventCursor" (
    "companyId" INTEGER NOT NULL,
    "next" TEXT,
    "okAt" TIMESTAMP(3),
    "staleSince" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "EventCursor_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "PushMessage" (
    "key" TEXT NOT NULL,
    "userIds" INTEGER[],
    "payload" JSONB NOT NULL,
    "ttl" INTEGER NOT NULL,
    "urgency" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fannedOutAt" TIMESTAMP(3),

    CONSTRAINT "PushMessage_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "PushDelivery" (
    "subscriptionId" TEXT NOT NULL,
    "messageKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "nextAttemptAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "PushDelivery_pkey" PRIMARY KEY ("subscriptionId","messageKey")
);

-- CreateIndex
CREATE INDEX "AlertRule_companyId_idx" ON "AlertRule"("companyId");

-- CreateIndex
CREATE INDEX "AlertRule_userId_idx" ON "AlertRule"("userId");

-- CreateIndex
CREATE INDEX "AlertDispatch_createdAt_idx" ON "AlertDispatch"("createdAt");

-- CreateIndex
CREATE INDEX "PushMessage_createdAt_idx" ON "PushMessage"("createdAt");

-- CreateIndex
CREATE INDEX "PushDelivery_messageKey_status_idx" ON "PushDelivery"("messageKey", "status");
