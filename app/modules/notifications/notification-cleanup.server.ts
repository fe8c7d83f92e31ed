import { prisma } from "~/services/db.server";

const DAY = 86_400_000;
/** The upstream serves events at most 7 days back, so older dispatch records can never match again. */
export const DISPATCH_KEEP_DAYS = 8;
export const PUSH_KEEP_DAYS = 8;
export const NOTIFICATION_KEEP_DAYS = 90;
/** Ids of events the app raises itself (dispatchToUsers), e.g. "app:maintenance:…". */
export const APP_EVENT_PREFIX = "app:";
export const APP_EVENT_KEEP_DAYS = 400;

/** Prunes dedupe records, push and webhook bookkeeping, and old read notifications. */
export async function cleanupNotifications(now = new Date()) {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  const dispatch = await prisma.alertDispatch.deleteMany({
    where: {
      OR: [
        {
          createdAt: { lt: before(DISPATCH_KEEP_DAYS) },
          NOT: { eventId: { startsWith: APP_EVENT_PREFIX } },
        },
        // An app event (a schedule's due stage) can last months: its record stays as long.
        { createdAt: { lt: before(APP_EVENT_KEEP_DAYS) } },
      ],
    },
  });
  // A webhook job retries for well under an hour; its dispatch record is not needed after that.
  const webhooks = await prisma.webhookDelivery.deleteMany({
    where: { createdAt: { lt: before(DISPATCH_KEEP_DAYS) } },
  });
  const old = await prisma.pushMessage.findMany({
    where: { createdAt: { lt: before(PUSH_KEEP_DAYS) } },
    select: { key: true },
    take: 10_000,
  });
  const keys = old.map((m) => m.key);
  const deliveries = keys.length
    ? await prisma.pushDelivery.deleteMany({ where: { messageKey: { in: keys } } })
    : { count: 0 };
  const messages = keys.length
    ? await prisma.pushMessage.deleteMany({ where: { key: { in: keys } } })
    : { count: 0 };
  const notifications = await prisma.notification.deleteMany({
    where: { createdAt: { lt: before(NOTIFICATION_KEEP_DAYS) }, readAt: { not: null } },
  });
  return {
    dispatch: dispatch.count,
    deliveries: deliveries.count,
    messages: messages.count,
    notifications: notifications.count,
    webhooks: webhooks.count,
  };
}
