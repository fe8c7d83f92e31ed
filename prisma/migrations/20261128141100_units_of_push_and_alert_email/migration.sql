-- AlterTable
ALTER TABLE "PushSubscription" ADD COLUMN     "measurement" TEXT NOT NULL DEFAULT 'metric';

-- AlterTable
ALTER TABLE "AlertRule" ADD COLUMN     "measurement" TEXT NOT NULL DEFAULT 'metric';
