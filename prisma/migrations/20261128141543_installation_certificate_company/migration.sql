-- AlterTable
ALTER TABLE "InstallationCertificate" ADD COLUMN     "companyName" TEXT NOT NULL DEFAULT '';
