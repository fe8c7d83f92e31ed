import { PdfTable } from "~/services/pdf-table.server";
import { unlessFault } from "~/services/upstream/errors";
import type { ModuleContext } from "~/services/guard.server";
import {
  completedSubmissionPage,
  STATUS_LABELS,
  uploadBytes,
  type AnswerRow,
} from "./submissions.server";

/** The submission as a PDF: its answers in a table, then its photos and signature. */
export async function submissionPdf(ctx: ModuleContext, id: string): Promise<Buffer> {
  const page = await completedSubmissionPage(ctx, id);
  const r = page.row;
  const table = new PdfTable({
    title: r.title,
    subtitle: `Version ${r.version} · ${r.person} · ${r.submittedLocal}`,
    summary: [
      { label: "Status", value: r.statusLabel },
      { label: "Submitted by", value: r.person },
      { label: "Flagged answers", value: String(r.flags) },
      ...(r.vehicleName ? [{ label: "Vehicle", value: r.vehicleName }] : []),
    ],
    columns: [
      { title: "Question", width: 230 },
      { title: "Answer", width: 300 },
      { title: "Flag", width: 60 },
    ],
    layout: "portrait",
    fontSize: 9,
  });
  const done = table.buffer();
  const pictures: { upload: string; caption: string }[] = [];
  const write = (list: AnswerRow[], prefix: string) => {
    for (const a of list) {
      if (a.kind === "heading") table.row([a.label, "", ""], { bold: true });
      else if (a.kind === "group")
        a.items.forEach((item, i) => write(item, `${prefix}${a.label} ${i + 1}: `));
      else {
        table.row([`${prefix}${a.label}`, a.text, a.flagged ? "Flagged" : ""]);
        if (a.upload) pictures.push({ upload: a.upload, caption: `${prefix}${a.label}` });
      }
    }
  };
  write(page.answers, "");
  if (page.review)
    table.note(
      `${STATUS_LABELS[r.status]} by ${page.review.by.name} on ${page.review.atLocal}${page.review.comment ? `: ${page.review.comment}` : ""}`,
    );
  // Pictures after the table, three to a page of their own (the table's layout has no images).
  let slot = 0;
  for (const p of pictures) {
    const file = await uploadBytes(ctx, p.upload).catch(unlessFault(null));
    if (!file || (file.content_type !== "image/jpeg" && file.content_type !== "image/png")) {
      table.note(`${p.caption}: the picture can be seen on the form's page.`);
      continue;
    }
    const doc = table.doc;
    if (slot % 3 === 0) doc.addPage({ size: "A4", layout: "portrait", margin: 40 });
    const top = 40 + (slot % 3) * 255;
    doc.font("Helvetica-Bold").fontSize(10).fillColor("#000000");
    doc.text(p.caption, 40, top, { width: 515, lineBreak: false, ellipsis: true });
    doc.image(file.bytes, 40, top + 16, { fit: [515, 225] });
    slot++;
  }
  table.end();
  return done;
}
