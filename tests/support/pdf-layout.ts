/**
 * Checks a PDF the way a reader sees it, with poppler (Debian's poppler-utils, installed by
 * .ci/run): `pdftotext -bbox` gives every word's box on its page, so overlapping text is found by
 * geometry; `pdftoppm` renders pages to pixels, so a page that draws nothing or lost its logo fails.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type Word = { page: number; text: string; x0: number; y0: number; x1: number; y1: number };

async function withFile<T>(pdf: Uint8Array, fn: (file: string, dir: string) => Promise<T>) {
  const dir = await mkdtemp(join(tmpdir(), "pdf-layout-"));
  try {
    const file = join(dir, "doc.pdf");
    await writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** Every word with its box (points, origin top-left), page by page. */
export async function pdfWords(pdf: Uint8Array): Promise<Word[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run("pdftotext", ["-bbox", file, "-"], { maxBuffer: 256 << 20 });
    const words: Word[] = [];
    let page = 0;
    for (const line of stdout.split("\n")) {
      if (line.includes("<page ")) page++;
      const m = line.match(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/,
      );
      if (m)
        words.push({
          page,
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
          text: unescape(m[5]!),
        });
    }
    return words;
  });
}

/**
 * Pairs of words whose boxes intersect by more than `tolerance` points each way (glyph boxes of
 * adjacent lines touch by a fraction of a point; overlapping text shares whole points).
 */
export function overlappingWords(words: Word[], tolerance = 1): Array<[Word, Word]> {
  const out: Array<[Word, Word]> = [];
  const byPage = new Map<number, Word[]>();
  for (const w of words) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w]);
  for (const list of byPage.values()) {
    list.sort((a, b) => a.y0 - b.y0);
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      for (let j = i + 1; j < list.length && list[j]!.y0 < a.y1 - tolerance; j++) {
        const b = list[j]!;
        const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        if (dx > tolerance && dy > tolerance) out.push([a, b]);
      }
    }
  }
  return out;
}

export type PageImage = { width: number; height: number; rgb: Uint8Array };

/** Pages rendered to RGB pixels (pdftoppm, PPM output) at `dpi`. */
export async function renderPages(pdf: Uint8Array, dpi = 40): Promise<PageImage[]> {
  return withFile(pdf, async (file, dir) => {
    await run("pdftoppm", ["-r", String(dpi), file, join(dir, "page")]);
    const names = (await readdir(dir)).filter((n) => n.endsWith(".ppm")).sort();
    return Promise.all(names.map(async (n) => parsePpm(await readFile(join(dir, n)))));
  });
}

/** A binary PPM (P6): header "P6 width height 255", then RGB bytes. */
function parsePpm(buf: Buffer): PageImage {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]!))) i++;
    let tok = "";
    while (!/\s/.test(String.fromCharCode(buf[i]!))) tok += String.fromCharCode(buf[i++]!);
    fields.push(tok);
  }
  if (fields[0] !== "P6") throw new Error(`Not a binary PPM: ${fields[0]}`);
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  return { width, height, rgb: new Uint8Array(buf.subarray(i + 1, i + 1 + width * height * 3)) };
}

/** Share of a page's pixels (in a box given as fractions of the page) that are not near-white. */
export function inkShare(
  img: PageImage,
  box = { x0: 0, y0: 0, x1: 1, y1: 1 },
  isInk = (r: number, g: number, b: number) => r + g + b < 600,
): number {
  let ink = 0;
  let all = 0;
  for (let y = Math.floor(box.y0 * img.height); y < Math.floor(box.y1 * img.height); y++)
    for (let x = Math.floor(box.x0 * img.width); x < Math.floor(box.x1 * img.width); x++) {
      const k = (y * img.width + x) * 3;
      all++;
      if (isInk(img.rgb[k]!, img.rgb[k + 1]!, img.rgb[k + 2]!)) ink++;
    }
  return all ? ink / all : 0;
}

/** The logo's green (#0ca678), within rendering tolerance. */
export const isLogoGreen = (r: number, g: number, b: number) =>
  r < 60 && g > 130 && g < 200 && b > 90 && b < 150;
