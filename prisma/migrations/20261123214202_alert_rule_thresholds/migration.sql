-- AlterTable
ALTER TABLE "AlertRule" ADD COLUMN     "offlineHours" INTEGER,
ADD COLUMN     "speedLimitKmh" INTEGER;
