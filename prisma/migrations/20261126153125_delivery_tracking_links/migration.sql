-- CreateTable
CREATE TABLE "DeliveryTrackingLink" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "trackingKey" TEXT NOT NULL,
    "createdBy" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "DeliveryTrackingLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeliveryTrackingLink_companyId_deliveryId_idx" ON "DeliveryTrackingLink"("companyId", "deliveryId");
