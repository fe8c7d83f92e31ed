/** The installation certificate as a PDF, in the one table layout (logo, summary, the checks). */
import { formatZoned } from "~/lib/zoned-time";
import { PdfTable } from "~/services/pdf-table.server";
import { STEP_LABELS, type Step } from "./installation-checks";
import { verificationCode } from "./installation.server";

export function certificatePdf(
  c: {
    id: string;
    imei: string;
    deviceName: string;
    installer: string;
    notes: string;
    checks: unknown;
    issuedAt: Date;
  },
  timeZone: string,
): Promise<Buffer> {
  const table = new PdfTable({
    title: "Installation certificate",
    subtitle: `${c.deviceName} (${c.imei}) · issued ${formatZoned(c.issuedAt.getTime(), timeZone, "full")} (${timeZone})`,
    summary: [
      { label: "Device", value: c.deviceName },
      { label: "IMEI", value: c.imei },
      { label: "Installer", value: c.installer },
      { label: "Verification code", value: verificationCode(c) },
    ],
    columns: [
      { title: "Check", width: 230 },
      { title: "Result", width: 80 },
      { title: "Measured", width: 300 },
    ],
    layout: "portrait",
    fontSize: 9,
  });
  const done = table.buffer();
  for (const s of c.checks as Step[]) table.row([s.title, STEP_LABELS[s.status], s.detail]);
  if (c.notes) table.note(`Notes: ${c.notes}`, 14);
  table.note(
    `Every check passed when this certificate was issued. Certificate ${c.id}; its verification code is computed by Tracksmith from the certificate, so an altered copy does not match.`,
    14,
  );
  table.note("Installer's signature: ______________________________    Date: ______________", 28);
  table.end();
  return done;
}
