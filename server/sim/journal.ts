/**
 * The append-only journal of accepted writes: one JSON line per call, made durable (fdatasync)
 * before the simulator answers. A crash can tear only the last line; reading drops a torn or
 * unparsable last line (and cuts it off the file so the next append starts on a clean line),
 * never the records before it. Each record carries a checksum (`c`, CRC-32 of the record
 * without it), so a flipped byte that still parses is found too, not replayed as a different
 * write. Every record reading drops is reported (`problems`), never dropped silently.
 */
import fs from "node:fs";
import zlib from "node:zlib";

/** One accepted write, with what its handler needs to run again with the same outcome. */
export type Entry = {
  /** Sequence number, 1, 2, 3… across compactions (a snapshot records the last it includes). */
  n: number;
  /** The clock (ms) the call ran at. */
  t: number;
  m: string;
  p: string;
  /** Query string without the "?", when there was one. */
  q?: string;
  b?: unknown;
  /** username_id and token id of the caller, for routes that need a token. */
  u?: number;
  j?: string;
  /** Values the handler drew from ctx.random(), in order. */
  r?: string[];
};

/** A record reading dropped: its line, and its number and route when they can still be read. */
export type JournalProblem = {
  line: number;
  n: number | null;
  route: string | null;
  reason: string;
};

export type JournalRead = {
  entries: Entry[];
  bytes: number;
  dropped: number;
  problems: JournalProblem[];
};

const checksum = (entry: Entry) => zlib.crc32(JSON.stringify(entry));

/** The line a record is written as: the record, then its checksum. */
export const journalLine = (entry: Entry) => JSON.stringify({ ...entry, c: checksum(entry) });

/** What a damaged line still says of itself, for the log. */
function describe(text: string, line: number, reason: string): JournalProblem {
  const n = /"n":(\d+)/.exec(text)?.[1];
  const route = /"m":"([A-Z]{3,7})","p":"([^"]{1,200})"/.exec(text);
  return { line, n: n ? Number(n) : null, route: route ? `${route[1]} ${route[2]}` : null, reason };
}

/** Why a parsed line is not a record to replay, or null when it is one. */
function fault(parsed: unknown): string | null {
  if (!isEntry(parsed)) return "not a journal record";
  const { c, ...entry } = parsed as Entry & { c?: unknown };
  // Records written before checksums have none; they are taken as they are.
  if (c !== undefined && c !== checksum(entry)) return "checksum mismatch (damaged bytes)";
  return null;
}

const isEntry = (v: unknown): v is Entry =>
  !!v &&
  typeof v === "object" &&
  typeof (v as Entry).n === "number" &&
  typeof (v as Entry).t === "number" &&
  typeof (v as Entry).m === "string" &&
  typeof (v as Entry).p === "string";

/** The complete records of a journal file, the length in bytes they occupy, and what was dropped. */
export function readJournal(file: string): JournalRead {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT")
      return { entries: [], bytes: 0, dropped: 0, problems: [] };
    throw e;
  }
  const entries: Entry[] = [];
  const problems: JournalProblem[] = [];
  const done = (bytes: number) => ({ entries, bytes, dropped: problems.length, problems });
  let start = 0;
  let line = 0;
  while (start < buf.length) {
    line++;
    const nl = buf.indexOf(0x0a, start);
    const text = buf.subarray(start, nl < 0 ? buf.length : nl).toString("utf8");
    // No newline: the write of this record never finished.
    if (nl < 0) {
      problems.push(describe(text, line, "torn (the write never finished)"));
      return done(start);
    }
    let parsed: unknown = undefined;
    let why: string | null = null;
    try {
      parsed = text.trim() ? JSON.parse(text) : undefined;
      if (parsed !== undefined) why = fault(parsed);
    } catch {
      why = "not JSON";
    }
    if (parsed !== undefined || why) {
      if (!why) {
        const { c: _c, ...entry } = parsed as Entry & { c?: unknown };
        entries.push(entry);
      } else if (nl === buf.length - 1) {
        // The last line: a crash mid-write, cut off so the next append starts clean.
        problems.push(describe(text, line, why));
        return done(start);
      }
      // A damaged record in the middle loses that record only, never the ones after it.
      else problems.push(describe(text, line, why));
    }
    start = nl + 1;
  }
  return done(start);
}

export class Journal {
  private fd: number;
  /** Bytes and records since the last snapshot, to decide when to compact. */
  bytes: number;
  records: number;

  /** Opens `file` for appending, cutting off anything after the first `validBytes`. */
  constructor(
    readonly file: string,
    validBytes: number,
    records: number,
  ) {
    this.fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_WRONLY);
    if (fs.fstatSync(this.fd).size !== validBytes) {
      fs.ftruncateSync(this.fd, validBytes);
      fs.fsyncSync(this.fd);
    }
    this.bytes = validBytes;
    this.records = records;
  }

  /** Writes one record and waits for the disk; throws when it could not be made durable. */
  append(entry: Entry) {
    const line = Buffer.from(journalLine(entry) + "\n", "utf8");
    let off = 0;
    while (off < line.length)
      off += fs.writeSync(this.fd, line, off, line.length - off, this.bytes + off);
    fs.fdatasyncSync(this.fd);
    this.bytes += line.length;
    this.records++;
  }

  /** Empties the journal once a snapshot holds everything in it. */
  clear() {
    fs.ftruncateSync(this.fd, 0);
    fs.fsyncSync(this.fd);
    this.bytes = 0;
    this.records = 0;
  }

  close() {
    fs.closeSync(this.fd);
  }
}
