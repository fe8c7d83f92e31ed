/**
 * The email channel of alert rules: a queued `alert-email` job per message, retried with backoff
 * by pg-boss; sending goes through the shared mail service (SMTP_URL, or .eml files in
 * $DATA_DIR/mail).
 */
import { sendJob } from "~/services/job-queue.server";
import { sendMail } from "~/services/mail.server";

export const ALERT_EMAIL_QUEUE = "alert-email";

export type AlertEmail = { to: string; subject: string; text: string };

export async function queueAlertEmail(mail: AlertEmail) {
  await sendJob(ALERT_EMAIL_QUEUE, mail, {
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
}

/** The job: one alert email. A failure throws, so the job is retried. */
export async function deliverAlertEmail(mail: AlertEmail) {
  const footer =
    "\n--\nYou receive this because of an alert rule in Tracksmith. Change or delete it under Notifications.\n";
  return sendMail({ to: mail.to, subject: mail.subject, text: mail.text + footer });
}
