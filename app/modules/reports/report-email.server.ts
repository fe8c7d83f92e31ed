/**
 * The email of a scheduled report: an HTML body with the headline figures, a plain-text
 * alternative, the report attached, a link back to the report, and an unsubscribe link that works
 * without an account (a signed token naming the schedule and the address).
 */
import crypto from "node:crypto";
import { prisma } from "~/services/db.server";
import { appSecrets, getEnv } from "~/services/env.server";
import type { MailAttachment, Mail } from "~/services/mail.server";

function secret(): string {
  // The newest secret; the purpose prefix keeps these tokens from being anything else.
  return `report-unsubscribe:${appSecrets()[0]!}`;
}

const sign = (payload: string) =>
  crypto.createHmac("sha256", secret()).update(payload).digest("base64url");

export function unsubscribeToken(scheduleId: string, email: string): string {
  const payload = Buffer.from(JSON.stringify({ s: scheduleId, e: email.toLowerCase() })).toString(
    "base64url",
  );
  return `${payload}.${sign(payload)}`;
}

/** The schedule and address a token names, or null when it was not signed by us. */
export function readUnsubscribeToken(token: string): { scheduleId: string; email: string } | null {
  const [payload, sig] = token.split(".");
  if (!payload || !sig) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      s?: unknown;
      e?: unknown;
    };
    return typeof v.s === "string" && typeof v.e === "string"
      ? { scheduleId: v.s, email: v.e }
      : null;
  } catch {
    return null;
  }
}

/** Records the unsubscribe (idempotent). Returns the report's subject, or null when the schedule is gone. */
export async function unsubscribe(scheduleId: string, email: string): Promise<string | null> {
  const s = await prisma.reportSchedule.findUnique({
    where: { id: scheduleId },
    select: { subject: true },
  });
  if (!s) return null;
  await prisma.reportUnsubscribe.createMany({
    data: [{ scheduleId, email }],
    skipDuplicates: true,
  });
  return s.subject;
}

export async function unsubscribedOf(scheduleId: string): Promise<Set<string>> {
  const rows = await prisma.reportUnsubscribe.findMany({
    where: { scheduleId },
    select: { email: true },
  });
  return new Set(rows.map((r) => r.email));
}

export function publicUrl(path: string): string {
  const env = getEnv();
  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return new URL(path, base).toString();
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export type ReportEmail = {
  scheduleId: string;
  to: string;
  subject: string;
  message: string;
  reportTitle: string;
  period: string;
  /** The headline figures as text, in the schedule's unit. */
  headline: { label: string; value: string }[];
  rowCount: number;
  reportPath: string;
  attachment: MailAttachment;
};

/** One recipient's email (each gets their own unsubscribe link). */
export function composeReportEmail(e: ReportEmail): Mail {
  const reportUrl = publicUrl(e.reportPath);
  const unsubscribeUrl = publicUrl(`/unsubscribe/${unsubscribeToken(e.scheduleId, e.to)}`);
  const figures = e.headline.map((h) => `${h.label}: ${h.value}`);
  const text = [
    e.message.trim(),
    `${e.reportTitle} — ${e.period}`,
    "",
    ...figures,
    `Rows: ${e.rowCount}`,
    "",
    `The report is attached (${e.attachment.filename}).`,
    `Open it in Tracksmith: ${reportUrl}`,
    "",
    `You receive this because someone at your company added ${e.to} to a scheduled report.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ]
    .filter((l, i) => i > 0 || l)
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#212529;max-width:640px">
${e.message.trim() ? `<p>${esc(e.message.trim()).replace(/\n/g, "<br>")}</p>` : ""}
<h1 style="font-size:20px;margin:0 0 4px">${esc(e.reportTitle)}</h1>
<p style="color:#495057;margin:0 0 16px">${esc(e.period)}</p>
<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">
${e.headline.map((h) => `<tr><td style="padding:4px 16px 4px 0;color:#495057">${esc(h.label)}</td><td style="padding:4px 0;font-weight:bold;font-size:18px">${esc(h.value)}</td></tr>`).join("\n")}
<tr><td style="padding:4px 16px 4px 0;color:#495057">Rows</td><td style="padding:4px 0">${e.rowCount}</td></tr>
</table>
<p>The report is attached (${esc(e.attachment.filename)}).</p>
<p><a href="${esc(reportUrl)}" style="background:#1971c2;color:#fff;padding:8px 14px;border-radius:4px;text-decoration:none">Open the report in Tracksmith</a></p>
<p style="color:#868e96;font-size:12px;margin-top:32px">You receive this because someone at your company added ${esc(e.to)} to a scheduled report.
<a href="${esc(unsubscribeUrl)}">Unsubscribe</a> from this report.</p>
</body></html>`;
  return {
    to: e.to,
    subject: e.subject,
    text,
    html,
    attachments: [e.attachment],
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
  };
}
