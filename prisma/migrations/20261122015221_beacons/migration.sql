-- CreateTable
CREATE TABLE "Beacon" (
    "companyId" INTEGER NOT NULL,
    "uuid" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "major" INTEGER NOT NULL,
    "minor" INTEGER NOT NULL,
    "assetName" TEXT,
    "txPower" INTEGER NOT NULL,
    "advIntervalMs" INTEGER NOT NULL,
    "battery" DOUBLE PRECISION,
    "lastSeenAt" TIMESTAMP(3),
    "lastGatewayImei" TEXT,
    "lastGatewayName" TEXT,
    "lastLat" DOUBLE PRECISION,
    "lastLng" DOUBLE PRECISION,
    "lastRssi" INTEGER,
    "syncedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Beacon_pkey" PRIMARY KEY ("companyId","uuid")
);

-- CreateTable
CREATE TABLE "BeaconSighting" (
    "companyId" INTEGER NOT NULL,
    "uuid" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "gatewayImei" TEXT NOT NULL,
    "gatewayName" TEXT NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "rssi" INTEGER NOT NULL,

    CONSTRAINT "BeaconSighting_pkey" PRIMARY KEY ("companyId","uuid","at")
);

-- CreateTable
CREATE TABLE "BeaconShareLink" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "uuid" TEXT NOT NULL,
    "createdBy" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "BeaconShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CoverageSnapshot" (
    "id" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CoverageSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BeaconShareLink_companyId_uuid_idx" ON "BeaconShareLink"("companyId", "uuid");
