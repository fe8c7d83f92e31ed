-- AlterTable
ALTER TABLE "FormLink" ADD COLUMN     "companyName" TEXT;
