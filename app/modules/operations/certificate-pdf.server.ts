/** The installation certificate as a PDF, in the one table layout (logo, summary, the checks). */
import { formatZoned } from "~/lib/zoned-time";
import { PdfTable } from "~/services/pdf-table.server";
import { STEP_LABELS, type Step } from "./installation-checks";
import { certificateCode, printedCode, type SignedCertificate } from "./certificate-code.server";

export function certificatePdf(
  c: SignedCertificate,
  timeZone: string,
  /** Where this app is reached (PUBLIC_URL, else the request's origin): the verify address. */
  origin: string,
): Promise<Buffer> {
  const code = certificateCode(c);
  const verifyAt = `${origin.replace(/\/+$/, "")}/verify/${code}`;
  const table = new PdfTable({
    title: "Installation certificate",
    subtitle: `${c.companyName ? `${c.companyName} · ` : ""}${c.deviceName} (${c.imei}) · issued ${formatZoned(c.issuedAt.getTime(), timeZone, "full")} (${timeZone})`,
    summary: [
      { label: "Device", value: c.deviceName },
      { label: "IMEI", value: c.imei },
      { label: "Installer", value: c.installer },
      ...(c.companyName ? [{ label: "Company", value: c.companyName }] : []),
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
  table.note(`Verification code: ${printedCode(code)}`, 14);
  table.note(
    `Every check passed when this certificate was issued. Certificate ${c.id}. Its verification code is signed by Tracksmith over everything printed here (company, device, installer, notes, date and every result), so an altered copy does not match. Check it at ${verifyAt}`,
    14,
  );
  table.note("Installer's signature: ______________________________    Date: ______________", 28);
  table.end();
  return done;
}
