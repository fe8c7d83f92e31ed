/**
 * The append-only journal of accepted writes: one JSON line per call, made durable (fdatasync)
 * before the simulator answers. A crash can tear only the last line; reading drops a torn or
 * unparsable last line (and cuts it off the file so the next append starts on a clean line),
 * never the records before it.
 */
import fs from "node:fs";

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

export type JournalRead = { entries: Entry[]; bytes: number; dropped: number };

const isEntry = (v: unknown): v is Entry =>
  !!v &&
  typeof v === "object" &&
  typeof (v as Entry).n === "number" &&
  typeof (v as Entry).t === "number" &&
  typeof (v as Entry).m === "string" &&
  typeof (v as Entry).p === "string";

/** The complete records of a journal file and the length in bytes they occupy. */
export function readJournal(file: string): JournalRead {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT")
      return { entries: [], bytes: 0, dropped: 0 };
    throw e;
  }
  const entries: Entry[] = [];
  let start = 0;
  let dropped = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    // No newline: the write of this record never finished.
    if (nl < 0) return { entries, bytes: start, dropped: dropped + 1 };
    const line = buf.subarray(start, nl).toString("utf8");
    let parsed: unknown = undefined;
    try {
      parsed = line.trim() ? JSON.parse(line) : undefined;
    } catch {
      parsed = null;
    }
    if (parsed !== undefined) {
      if (isEntry(parsed)) entries.push(parsed);
      else if (nl === buf.length - 1) return { entries, bytes: start, dropped: dropped + 1 };
      // A damaged record in the middle loses that record only, never the ones after it.
      else dropped++;
    }
    start = nl + 1;
  }
  return { entries, bytes: start, dropped };
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
    const line = Buffer.from(JSON.stringify(entry) + "\n", "utf8");
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
