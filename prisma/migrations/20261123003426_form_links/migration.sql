-- CreateTable
CREATE TABLE "FormLink" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "formId" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "form" JSONB NOT NULL,
    "createdBy" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "FormLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" TEXT NOT NULL,
    "linkId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "formId" INTEGER NOT NULL,
    "answers" JSONB NOT NULL,
    "addressKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "forwardedAt" TIMESTAMP(3),
    "upstreamId" TEXT,
    "rejectedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FormLink_companyId_createdAt_idx" ON "FormLink"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_createdAt_idx" ON "FormSubmission"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "FormSubmission_linkId_addressKey_createdAt_idx" ON "FormSubmission"("linkId", "addressKey", "createdAt");

-- CreateIndex
CREATE INDEX "FormSubmission_forwardedAt_rejectedAt_nextAttemptAt_idx" ON "FormSubmission"("forwardedAt", "rejectedAt", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "FormLink"("id") ON DELETE CASCADE ON UPDATE CASCADE;
