-- AlterTable
ALTER TABLE "ReportSchedule" ADD COLUMN     "measurement" TEXT NOT NULL DEFAULT 'metric';
