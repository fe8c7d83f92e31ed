/**
 * What a file is, read from its first bytes (never its name nor the browser's word), and a name
 * whose extension says the same (browser-safe, pure). A name is what the next person's computer
 * trusts: a PDF kept as `evil.html`, or a JPEG as `x.html`, opens in a browser as a page.
 */
export type FileKind = "pdf" | "jpeg" | "png" | "gif" | "webp" | "zip" | "text";

/** Each kind's type and the extensions that honestly name it; the first is the one added. */
export const FILE_KINDS: Record<FileKind, { mime: string; exts: readonly string[] }> = {
  pdf: { mime: "application/pdf", exts: ["pdf"] },
  jpeg: { mime: "image/jpeg", exts: ["jpg", "jpeg"] },
  png: { mime: "image/png", exts: ["png"] },
  gif: { mime: "image/gif", exts: ["gif"] },
  webp: { mime: "image/webp", exts: ["webp"] },
  // Office Open XML and OpenDocument files are ZIP archives.
  zip: { mime: "application/zip", exts: ["zip", "docx", "xlsx", "odt", "ods"] },
  text: { mime: "text/plain", exts: ["txt", "csv"] },
};

/** How many first bytes `sniffFileKind` wants (text is judged on these). */
export const SNIFF_BYTES = 512;

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

// Text: no NUL or other control character but tab, line breaks and form feed; valid UTF-8.
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/;

function isText(b: Uint8Array): boolean {
  try {
    // `stream` leaves a character cut at the end of the sample undecided instead of invalid.
    const s = new TextDecoder("utf-8", { fatal: true }).decode(b, { stream: true });
    return !BINARY.test(s);
  } catch {
    return false;
  }
}

/** The kind of a file by its first bytes (give at least SNIFF_BYTES), or null for any other. */
export function sniffFileKind(head: Uint8Array): FileKind | null {
  if (ascii(head, 0, 5) === "%PDF-") return "pdf";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head[0] === 0x89 && ascii(head, 1, 4) === "PNG") return "png";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  if (ascii(head, 0, 4) === "PK\x03\x04" || ascii(head, 0, 4) === "PK\x05\x06") return "zip";
  if (isText(head)) return "text";
  return null;
}

/** The kind of a file by its first bytes (any number; SNIFF_BYTES are read), if one of `accept`. */
export function sniffKindIn(bytes: Uint8Array, accept: readonly FileKind[]): FileKind | null {
  const kind = sniffFileKind(bytes.subarray(0, SNIFF_BYTES));
  return kind && accept.includes(kind) ? kind : null;
}

/**
 * Extensions that name a type: one of these that disagrees with the bytes is replaced; any other
 * ending (`report.v2`) is kept and the right extension appended.
 */
const TYPE_EXTENSIONS = new Set([
  ...Object.values(FILE_KINDS).flatMap((k) => k.exts),
  ...["htm", "html", "xhtml", "shtml", "svg", "svgz", "xml", "xsl", "js", "mjs", "css", "json"],
  ...["exe", "dll", "msi", "com", "scr", "bat", "cmd", "ps1", "vbs", "hta", "jar", "sh", "app"],
  ...["php", "jsp", "asp", "aspx", "swf", "doc", "xls", "ppt", "pptx", "rtf", "md", "tif", "tiff"],
  ...["bmp", "heic", "heif", "avif", "ico", "gz", "tgz", "rar", "7z", "iso", "dmg", "apk", "lnk"],
]);

/** `name` with an extension its bytes bear out: kept when it does, else replaced or appended. */
export function nameForKind(name: string, kind: FileKind): string {
  const { exts } = FILE_KINDS[kind];
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (exts.includes(ext)) return name;
  const stem = ext && TYPE_EXTENSIONS.has(ext) ? name.slice(0, dot) : name;
  return `${stem || "file"}.${exts[0]}`;
}
