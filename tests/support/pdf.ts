import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Text of a PDF, through poppler's pdftotext (Debian's poppler-utils, installed by .ci/run), in
 * reading order, and its page count from pdfinfo. pdf-parse's bundled pdf.js 1.10 was dropped:
 * it reported "bad XRef entry" on valid files (every offset checked by hand), now and then.
 */
export async function pdfText(pdf: Uint8Array): Promise<{ text: string; numpages: number }> {
  const dir = await mkdtemp(join(tmpdir(), "pdf-text-"));
  try {
    const file = join(dir, "doc.pdf");
    await writeFile(file, pdf);
    const [{ stdout: text }, { stdout: info }] = await Promise.all([
      run("pdftotext", ["-enc", "UTF-8", file, "-"], { maxBuffer: 256 << 20 }),
      run("pdfinfo", [file]),
    ]);
    return { text, numpages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
