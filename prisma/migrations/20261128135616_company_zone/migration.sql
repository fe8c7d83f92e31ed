-- CreateTable
CREATE TABLE "CompanyZone" (
    "companyId" INTEGER NOT NULL,
    "timeZone" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CompanyZone_pkey" PRIMARY KEY ("companyId")
);
