/**
 * One delivery record per (run, recipient) — ReportDelivery, primary key (runId, email) — written
 * before the mail is sent: claim → send → mark sent. A run taken again after its worker died (or
 * after a failure) sends only to the recipients not marked sent.
 *
 * Guarantee: at most once for every recipient marked sent; at least once for the one recipient
 * whose mail was in flight when the worker died (claimed, maybe accepted by the SMTP server, not
 * yet marked sent). That recipient is sent it again by the next attempt, so they may get it twice;
 * the alternative (never retrying a claimed row) could silently drop them. Claims carry the run's
 * attempt number: a later attempt may take over an unfinished claim of an earlier one, never the
 * reverse, so a worker taken for dead cannot claim again what its successor owns.
 *
 * This is the outbox's shape (notifications/outbox/) for mail whose body, the report file, is
 * built at send time and too large to store beforehand: the row is claimed, marked sent after the
 * SMTP answer, and a failure is taken again by the run's next attempt after a growing wait. Every
 * copy of one row's mail carries the same Message-ID (reportMessageId), so a repeat is recognisable.
 */
import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { prisma } from "~/services/db.server";
import { mailDomain, sendMail, type Mail } from "~/services/mail.server";
import { LeaseLost, type Lease } from "./job-lease.server";
import { render, type ReportFormat } from "./report-render.server";

export const EXT: Record<ReportFormat, string> = { csv: "csv", xlsx: "xlsx", pdf: "pdf" };

export const CONTENT_TYPE: Record<ReportFormat, string> = {
  csv: "text/csv",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export async function renderToBuffer(
  format: ReportFormat,
  input: Parameters<typeof render>[1],
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await render(format, input, out);
  return Buffer.concat(chunks);
}

/** The Message-ID of the mail of ReportDelivery (runId, email): the same on every attempt. */
export const reportMessageId = (runId: string, email: string) =>
  `<report.${runId}.${createHash("sha256").update(email).digest("hex").slice(0, 16)}@${mailDomain()}>`;

export type Delivered = { sentNow: number; sentBefore: number };

/**
 * Sends `mailFor(to)` to every recipient of the run not yet marked sent, as attempt `attempt`.
 * A send that fails marks its row failed (taken again by the run's next attempt) and throws.
 */
export async function deliver(
  runId: string,
  attempt: number,
  recipients: string[],
  mailFor: (to: string) => Mail,
  lease: Lease,
): Promise<Delivered> {
  await prisma.reportDelivery.createMany({
    data: recipients.map((email) => ({ runId, email, status: "pending", attempt: 0 })),
    skipDuplicates: true,
  });
  const result: Delivered = { sentNow: 0, sentBefore: 0 };
  for (const email of recipients) {
    lease.check();
    const claimed = await prisma.reportDelivery.updateMany({
      where: { runId, email, status: { not: "sent" }, attempt: { lt: attempt } },
      data: { status: "sending", attempt, claimedAt: new Date(), error: null },
    });
    if (!claimed.count) {
      const row = await prisma.reportDelivery.findUnique({
        where: { runId_email: { runId, email } },
        select: { status: true },
      });
      // Not sent and not claimable: a later attempt of this run owns it.
      if (row?.status !== "sent") throw new LeaseLost();
      result.sentBefore++;
      continue;
    }
    const mine = { runId, email, attempt, status: "sending" };
    try {
      await sendMail({ ...mailFor(email), messageId: reportMessageId(runId, email) });
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      await prisma.reportDelivery.updateMany({ where: mine, data: { status: "failed", error } });
      throw e;
    }
    await prisma.reportDelivery.updateMany({
      where: mine,
      data: { status: "sent", sentAt: new Date() },
    });
    result.sentNow++;
  }
  return result;
}
