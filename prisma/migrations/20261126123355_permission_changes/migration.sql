-- CreateTable
CREATE TABLE "PermissionChange" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "actorId" INTEGER NOT NULL,
    "actorName" TEXT NOT NULL,
    "groupId" INTEGER NOT NULL,
    "groupName" TEXT NOT NULL,
    "permission" TEXT NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PermissionChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PermissionChange_companyId_at_idx" ON "PermissionChange"("companyId", "at");
