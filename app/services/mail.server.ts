/**
 * Outgoing email with nodemailer: over SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to $DATA_DIR/mail (so a fresh machine can read what would have been sent).
 * Only two callers send with it (the lint rule tracksmith/one-mail-sender keeps it so): the outbox
 * worker (app/modules/notifications/outbox/), for every mail owed by a fact in the database, and
 * the scheduled-report sender, whose body is built at send time.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/services/env.server";
import { logInfo } from "~/services/log.server";

export type MailAttachment = { filename: string; content: Buffer | string; contentType?: string };
export type Mail = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A stable Message-ID ("<…@…>"), so a message sent again is recognisable as the same one. */
  messageId?: string;
};
export type SentMail = { messageId: string; file?: string; accepted: string[] };

let cached: { key: string; transport: Transporter } | undefined;

function transport(): { transport: Transporter; smtp: boolean } {
  const env = getEnv();
  const key = env.SMTP_URL ?? `file:${env.DATA_DIR}`;
  if (!cached || cached.key !== key) {
    const t = env.SMTP_URL
      ? nodemailer.createTransport(env.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    cached = { key, transport: t };
  }
  return { transport: cached.transport, smtp: Boolean(env.SMTP_URL) };
}

/** Forgets the transport (tests change SMTP_URL between files). */
export function resetMailTransport() {
  cached?.transport.close();
  cached = undefined;
}

/** The domain of MAIL_FROM's address, for Message-IDs made here. */
export function mailDomain(): string {
  return /@([^>\s]+)>?\s*$/.exec(getEnv().MAIL_FROM)?.[1] ?? "tracksmith.local";
}

export async function sendMail(mail: Mail): Promise<SentMail> {
  const env = getEnv();
  const { transport: t, smtp } = transport();
  const info = await t.sendMail({
    from: env.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    headers: mail.headers,
    messageId: mail.messageId,
  });
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  if (smtp) {
    logInfo("mail", `sent "${mail.subject}" to ${to.length} recipient(s)`);
    return { messageId: info.messageId, accepted: (info.accepted ?? []).map(String) };
  }
  const dir = path.join(env.DATA_DIR, "mail");
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}.eml`,
  );
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
  logInfo("mail", `no SMTP_URL: wrote "${mail.subject}" to ${file}`);
  return { messageId: info.messageId, file, accepted: to };
}
