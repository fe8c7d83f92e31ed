/**
 * The email channel of alert rules: a queued `alert-email` job per message, retried with backoff.
 * The sending itself belongs to the mail service of the reports area (app/services/mail.server.ts,
 * nodemailer with SMTP_URL or .eml files); server/jobs/alert-jobs.ts hands the job to it.
 */
import { sendJob } from "~/services/job-queue.server";

export const ALERT_EMAIL_QUEUE = "alert-email";

export type AlertEmail = { to: string; subject: string; text: string };

export async function queueAlertEmail(mail: AlertEmail) {
  await sendJob(ALERT_EMAIL_QUEUE, mail, { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
}
