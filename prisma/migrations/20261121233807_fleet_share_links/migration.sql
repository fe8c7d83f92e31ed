-- CreateTable
CREATE TABLE "ShareLink" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "imei" TEXT NOT NULL,
    "createdBy" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ShareLink_companyId_imei_idx" ON "ShareLink"("companyId", "imei");
