-- AlterTable
ALTER TABLE "FormLink" ADD COLUMN     "formCreatedAt" TEXT;
