-- CreateTable
CREATE TABLE "AddressCache" (
    "level" TEXT NOT NULL,
    "latKey" INTEGER NOT NULL,
    "lngKey" INTEGER NOT NULL,
    "label" TEXT,
    "suburb" TEXT,
    "street" TEXT,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AddressCache_pkey" PRIMARY KEY ("level","latKey","lngKey")
);

-- CreateIndex
CREATE INDEX "AddressCache_expiresAt_idx" ON "AddressCache"("expiresAt");
