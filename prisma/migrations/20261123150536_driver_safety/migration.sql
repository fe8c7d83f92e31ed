-- CreateTable
CREATE TABLE "DriverScoreSettings" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "settings" JSONB NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DriverScoreSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DriverEventReview" (
    "companyId" INTEGER NOT NULL,
    "eventId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "history" JSONB NOT NULL,
    "updatedBy" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DriverEventReview_pkey" PRIMARY KEY ("companyId","eventId")
);

-- CreateTable
CREATE TABLE "DriverScoreWeek" (
    "companyId" INTEGER NOT NULL,
    "weekStart" TIMESTAMP(3) NOT NULL,
    "settingsVersion" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DriverScoreWeek_pkey" PRIMARY KEY ("companyId","weekStart")
);

-- CreateIndex
CREATE UNIQUE INDEX "DriverScoreSettings_companyId_version_key" ON "DriverScoreSettings"("companyId", "version");

-- CreateIndex
CREATE INDEX "DriverEventReview_companyId_status_idx" ON "DriverEventReview"("companyId", "status");
