/**
 * The email channel of alert rules. An alert e-mail is owed by its AlertDispatch row (the claim of
 * one event for one user): event-sync writes both in one transaction and the outbox worker sends
 * the mail (retried with backoff, a stable Message-ID), so a process killed between the claim and
 * the mail, or an SMTP server that is away, delays the mail but never loses it.
 */
import type PgBoss from "pg-boss";
import { inReaderUnits, type Measurement } from "~/lib/units";
import { prisma } from "~/services/db.server";
import { ensureQueue } from "~/services/job-queue.server";
import { kickOutbox } from "./outbox/outbox-send.server";
import { owe, type Owed } from "./outbox/outbox.server";

/** The pg-boss queue alert e-mails went through before the outbox; only drained now. */
export const ALERT_EMAIL_QUEUE = "alert-email";

export type AlertEmail = { to: string; subject: string; text: string };

const FOOTER =
  "\n--\nYou receive this because of an alert rule in Tracksmith. Change or delete it under Notifications.\n";

/** The outbox row of one alert e-mail; `key` names what owes it. */
export const owedAlertEmail = (key: string, companyId: number | null, mail: AlertEmail): Owed => ({
  key,
  companyId,
  mail: { to: mail.to, subject: mail.subject, text: mail.text + FOOTER },
});

/**
 * The e-mails one alert owes, one per address (`key` names the alert and its reader). Texts are
 * written in km, km/h and °C; each e-mail is in its rule's unit system.
 */
export const owedAlertEmails = (
  key: string,
  companyId: number,
  emails: Map<string, Measurement>,
  text: { title: string; body: string; when: string },
): Owed[] =>
  [...emails].map(([to, measurement]) =>
    owedAlertEmail(`${key}:${to}`, companyId, {
      to,
      subject: inReaderUnits(text.title, measurement),
      text: `${inReaderUnits(text.body, measurement)}\n\n${text.when}\n`,
    }),
  );

/** An e-mail owed by no stored fact (a rule's test the user asked for): to the outbox now. */
export async function sendAlertEmailSoon(key: string, companyId: number, mail: AlertEmail) {
  await owe(prisma, [owedAlertEmail(key, companyId, mail)]);
  void kickOutbox();
}

/**
 * Jobs queued by a server of the version before the outbox are moved into it (keyed by the job,
 * so a job run twice owes one mail) instead of being sent from here.
 */
export async function drainAlertEmailJobs(boss: PgBoss) {
  await ensureQueue(boss, ALERT_EMAIL_QUEUE);
  await boss.work<AlertEmail>(ALERT_EMAIL_QUEUE, async (jobs) => {
    for (const j of jobs) await owe(prisma, [owedAlertEmail(`alert-job:${j.id}`, null, j.data)]);
    void kickOutbox();
  });
}
