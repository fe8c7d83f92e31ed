-- CreateTable
CREATE TABLE "InstallationCertificate" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "imei" TEXT NOT NULL,
    "deviceName" TEXT NOT NULL,
    "installer" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "checks" JSONB NOT NULL,
    "issuedBy" INTEGER NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstallationCertificate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InstallationCertificate_companyId_imei_idx" ON "InstallationCertificate"("companyId", "imei");
