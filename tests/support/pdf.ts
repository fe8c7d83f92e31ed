// The library entry, not index.js: index.js runs a self-test when it thinks it is the main module.
import pdfParse from "pdf-parse/lib/pdf-parse.js";

/**
 * Text of a PDF, through pdf-parse. Its bundled pdf.js (all four versions it ships) sometimes
 * reports "bad XRef entry" on the first read of a valid file (the same bytes read fine the next
 * time; checked by hand: every xref offset points at its object), so a failed read is tried once
 * more. A PDF that is really broken fails both times.
 */
export async function pdfText(pdf: Uint8Array): Promise<{ text: string; numpages: number }> {
  const copy = Buffer.from(new Uint8Array(pdf));
  try {
    const { text, numpages } = await pdfParse(copy);
    return { text, numpages };
  } catch {
    const { text, numpages } = await pdfParse(Buffer.from(new Uint8Array(pdf)));
    return { text, numpages };
  }
}
