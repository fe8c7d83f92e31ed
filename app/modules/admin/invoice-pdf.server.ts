/**
 * An invoice of the company's subscription as a PDF, in the one table layout. Read from the
 * upstream with the signed-in company's token, so another company's invoice is a 404.
 */
import { formatZoned } from "~/lib/zoned-time";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { PdfTable } from "~/services/pdf-table.server";
import { getInvoice } from "./billing-upstream.server";
import { money } from "./money";
import { refusal } from "./people.server";

const notFound = () => new Response("Not found", { status: 404 });

export async function invoicePdf(
  ctx: ModuleContext,
  rawId: string | undefined,
): Promise<{ number: string; pdf: Buffer }> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31) throw notFound();
  let inv: Awaited<ReturnType<typeof getInvoice>>;
  try {
    inv = await getInvoice(upstream(ctx.auth.token), id);
  } catch (e) {
    // An upstream 404 (another company's invoice, or none) becomes ours.
    refusal(e);
    throw e;
  }
  const tz = await companyTimeZone(ctx.auth);
  const status = inv.status === "paid" ? "Paid" : "Open";
  const table = new PdfTable({
    title: `Invoice ${inv.number}`,
    subtitle: `${inv.company} · issued ${formatZoned(inv.issued_at, tz, "fullDate")} (${tz})`,
    summary: [
      { label: "Invoice", value: inv.number },
      { label: "Billed to", value: inv.company },
      { label: "Issued", value: formatZoned(inv.issued_at, tz, "fullDate") },
      { label: "Status", value: status },
      { label: "Amount", value: `${money(inv.amount_cents)} AUD` },
    ],
    columns: [
      { title: "Description", width: 420 },
      { title: "Amount (AUD)", width: 115, align: "right" },
    ],
    layout: "portrait",
    fontSize: 10,
  });
  const done = table.buffer();
  table.row([inv.description, money(inv.amount_cents)]);
  table.row(["Total", money(inv.amount_cents)], { bold: true });
  table.note(
    inv.status === "paid"
      ? "Paid with the card on file. Card details are held by the payment provider only."
      : "Not paid yet: it is charged to the card on file.",
    14,
  );
  table.end();
  return { number: inv.number, pdf: await done };
}
