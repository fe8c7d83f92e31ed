import { listInvoices } from "~/modules/admin/billing-upstream.server";
import { defineSweep } from "./kit";

/** Company administration (issue 19): company 2's invoice, downloaded as a PDF by company 1. */
export default defineSweep({
  seed: async ({ upB }) => {
    const invoice = (await listInvoices(upB))[0]!;
    return { invoiceB: invoice.id, numberB: invoice.number };
  },
  cases: ({ invoiceB }) => [
    {
      file: "dashboard.invoices.$id.pdf.ts",
      method: "GET",
      url: `/dashboard/invoices/${invoiceB}/pdf`,
    },
  ],
  own: ({ invoiceB }) => [`/dashboard/invoices/${invoiceB}/pdf`],
  snapshot: async ({ upB }) => ({ invoices: await listInvoices(upB) }),
  // The invoice number is printed in the PDF: it must not reach company 1.
  secrets: ({ numberB }) => [numberB],
});
