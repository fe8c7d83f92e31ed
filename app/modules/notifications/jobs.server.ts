/**
 * The notification workers on one pg-boss: push fan-out and sends, webhooks, the outbox (alert
 * and every other e-mail owed by a fact), and the event sync every SYNC_INTERVAL_SECONDS (throttled through pg-boss, so with several server
 * processes one sync runs per interval, on whichever worker is free).
 */
import type PgBoss from "pg-boss";
import { settleEach, type ModuleJobs } from "../job-kit";
import { drainAlertEmailJobs } from "./alert-email.server";
import { getEnv } from "~/services/env.server";
import { ensureQueue } from "~/services/job-queue.server";
import { logError } from "~/services/log.server";
import { enqueueFanout } from "./push.server";
import { deliverWebhook, WEBHOOK_QUEUE, type WebhookEvent } from "./webhook.server";
import { syncAllCompanies } from "./event-sync.server";
import { cleanupNotifications } from "./notification-cleanup.server";
import { registerPushJobs, resumePendingMessages } from "./push-fanout.server";
import { pruneOutbox, startOutboxWorker } from "./outbox/outbox-send.server";

export const EVENT_SYNC_QUEUE = "event-sync";
export const NOTIFICATION_CLEANUP_QUEUE = "notification-cleanup";

export async function registerNotificationJobs(boss: PgBoss): Promise<() => void> {
  await registerPushJobs(boss);

  await ensureQueue(boss, WEBHOOK_QUEUE);
  // Four at a time, one outcome each: a failing endpoint is retried alone.
  await boss.work<{ ruleId: string; event: WebhookEvent }>(
    WEBHOOK_QUEUE,
    { batchSize: 4 },
    (jobs) => settleEach(boss, WEBHOOK_QUEUE, jobs, (j) => deliverWebhook(j.data)),
  );

  await drainAlertEmailJobs(boss);

  await ensureQueue(boss, EVENT_SYNC_QUEUE);
  await boss.work(EVENT_SYNC_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    await syncAllCompanies();
    // Messages written but never fanned out (a crash between the two steps), found again here.
    await resumePendingMessages(enqueueFanout);
  });
  const interval = getEnv().SYNC_INTERVAL_SECONDS;
  const tick = () =>
    boss
      .send(
        EVENT_SYNC_QUEUE,
        {},
        {
          singletonKey: "event-sync",
          singletonSeconds: interval,
          expireInSeconds: 300,
          retryLimit: 0,
        },
      )
      .catch((e) => logError("events", e));
  void tick();
  const timer = setInterval(tick, interval * 1000);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));

  await ensureQueue(boss, NOTIFICATION_CLEANUP_QUEUE);
  await boss.work(NOTIFICATION_CLEANUP_QUEUE, async () => {
    await cleanupNotifications();
    await pruneOutbox();
  });
  await boss.schedule(NOTIFICATION_CLEANUP_QUEUE, "17 3 * * *");

  // Messages written but never fanned out (a crash between the two steps).
  void resumePendingMessages(enqueueFanout).catch((e) => logError("push", e));
  // Mail and notices owed by recorded facts (the transactional outbox).
  const stopOutbox = startOutboxWorker(boss);
  return () => {
    clearInterval(timer);
    stopOutbox();
  };
}

export const jobs: ModuleJobs = { register: registerNotificationJobs };
