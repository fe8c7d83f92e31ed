import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { resetMailTransport, sendMail } from "./mail.server";
import { composeReportEmail, readUnsubscribeToken } from "~/modules/reports/report-email.server";

afterEach(() => {
  delete process.env.DATA_DIR;
  resetEnvCache();
  resetMailTransport();
});

it("without SMTP_URL, mail is written as an .eml file in $DATA_DIR/mail, HTML escaped, with a text part and the attachment", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-"));
  process.env.DATA_DIR = dir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  resetMailTransport();
  const mail = composeReportEmail({
    scheduleId: "s1",
    to: "ops@example.com",
    subject: "Weekly <trips>",
    message: "Hi <b>team</b>",
    reportTitle: "Trip summary",
    period: "1 Mar 2026 – 7 Mar 2026 (UTC)",
    headline: [{ label: "Trips", value: "12" }],
    rowCount: 12,
    reportPath: "/dashboard/reports/trip-summary?from=2026-03-01&to=2026-03-07",
    attachment: {
      filename: "trip-summary-2026-03-01.csv",
      content: Buffer.from("Vehicle\r\nTruck 1\r\n"),
      contentType: "text/csv",
    },
  });
  const sent = await sendMail(mail);
  expect(sent.file!.startsWith(path.join(dir, "mail"))).toBe(true);
  const parsed = await simpleParser(await fs.readFile(sent.file!));
  expect(parsed.subject).toBe("Weekly <trips>");
  expect(parsed.html).toContain("Hi &lt;b&gt;team&lt;/b&gt;");
  expect(parsed.html).not.toContain("<b>team</b>");
  expect(parsed.text).toContain("Trips: 12");
  expect(parsed.text).toContain("/dashboard/reports/trip-summary?from=2026-03-01&to=2026-03-07");
  const token = /\/unsubscribe\/(\S+)/.exec(parsed.text!)![1]!;
  expect(readUnsubscribeToken(token)).toEqual({ scheduleId: "s1", email: "ops@example.com" });
  expect(readUnsubscribeToken(token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
  expect(parsed.attachments[0]!.filename).toBe("trip-summary-2026-03-01.csv");
  expect(parsed.attachments[0]!.content.toString()).toBe("Vehicle\r\nTruck 1\r\n");
  await fs.rm(dir, { recursive: true, force: true });
});
