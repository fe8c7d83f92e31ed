/**
 * Files in and out, one way for every route. In: multipart bodies are parsed by the platform's
 * FormData parser, the one the body gate (server/request-body.ts) checks a multipart body with, so
 * a body that passed the gate always parses here (a second parser refused `filename="a=b.pdf"`
 * after the gate let it through: a 500). Out: Content-Disposition per RFC 6266, an ASCII
 * `filename` for old clients and the exact name as UTF-8 in `filename*` (a raw `報告€.pdf` in a
 * header is refused by Node: every download of it was a 500).
 */
import { FILE_KINDS, nameForKind, SNIFF_BYTES, sniffKindIn, type FileKind } from "~/lib/file-types";
import { cleanFileName } from "~/lib/input";

/**
 * The files posted in `field`, in order. A file input left empty sends a part with no name and no
 * bytes: that is not a file. A body that does not parse is a 400 (the gate lets none through; a
 * direct call could).
 */
export async function postedFiles(request: Request, field: string): Promise<File[]> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Malformed request body: send a form (multipart/form-data).", {
      status: 400,
    });
  }
  return form.getAll(field).filter((v): v is File => typeof v !== "string" && v.name !== "");
}

/** What a file is by its first bytes, if one of `accept` (null for anything else). */
export async function kindOf(file: Blob, accept: readonly FileKind[]): Promise<FileKind | null> {
  return sniffKindIn(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), accept);
}

/** A file as a data URL of the type its bytes showed (kindOf), never the type the browser sent. */
export async function dataUrlOf(file: Blob, kind: FileKind): Promise<string> {
  const base64 = Buffer.from(await file.arrayBuffer()).toString("base64");
  return `data:${FILE_KINDS[kind].mime};base64,${base64}`;
}

/**
 * What a posted file is by its first bytes, if one of `accept`, and the name to keep it under:
 * `clean` applied (the route's file-name rule, cleanFileName by default) and an extension the bytes
 * bear out (`x.html` of JPEG bytes is kept as `x.jpg`). Null when the bytes are none of `accept`:
 * a "picture" or "PDF" that is something else is refused, whatever its name or type said.
 */
export async function sniffedFile(
  file: Blob & { name: string },
  accept: readonly FileKind[],
  clean: (raw: string) => string = cleanFileName,
): Promise<{ kind: FileKind; mime: string; name: string } | null> {
  const kind = await kindOf(file, accept);
  if (!kind) return null;
  return { kind, mime: FILE_KINDS[kind].mime, name: clean(nameForKind(clean(file.name), kind)) };
}

// RFC 5987 attr-char: encodeURIComponent leaves these five as they are, but they are not allowed.
const encodeExt = (s: string) =>
  encodeURIComponent(s).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Content-Disposition for a file named `name` (as stored or made up by the route): the name
 * cleaned (no path, no control characters, no quotes), `filename` with every character outside
 * printable ASCII as "_", `filename*` with the whole name in UTF-8.
 */
export function contentDisposition(name: string, kind: "attachment" | "inline" = "attachment") {
  const clean = cleanFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  if (ascii === clean) return `${kind}; filename="${clean}"`;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExt(clean)}`;
}
