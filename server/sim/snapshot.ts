/**
 * Serialising the simulator's state graph: plain objects, arrays, Maps, Sets and primitives,
 * keeping shared references (a device sits in `devices`, `devicesByImei` and `devicesByCompany`;
 * after a restore an edit must still show in all three). Anything else (a class instance, a
 * function) throws, naming where it is, so a module cannot keep state that would silently not
 * persist. Files are replaced atomically: temp file, fsync, rename, fsync of the directory.
 */
import fs from "node:fs";
import path from "node:path";

type Encoded =
  | null
  | boolean
  | number
  | string
  | { $: "u" }
  | { $: "n"; v: string }
  | { $: "r"; i: number }
  | { $: "a" | "s"; i: number; v: Encoded[] }
  | { $: "m"; i: number; v: [Encoded, Encoded][] }
  | { $: "o"; i: number; v: Record<string, Encoded> };

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

export function encode(value: unknown): Encoded {
  const ids = new Map<object, number>();
  const walk = (v: unknown, at: string): Encoded => {
    if (v === undefined) return { $: "u" };
    if (v === null || typeof v === "boolean" || typeof v === "string") return v;
    if (typeof v === "number") return Number.isFinite(v) ? v : { $: "n", v: String(v) };
    if (typeof v !== "object") throw new Error(`Cannot persist a ${typeof v} at ${at}`);
    const seen = ids.get(v);
    if (seen !== undefined) return { $: "r", i: seen };
    const i = ids.size;
    ids.set(v, i);
    if (Array.isArray(v)) return { $: "a", i, v: v.map((x, k) => walk(x, `${at}[${k}]`)) };
    if (v instanceof Set) return { $: "s", i, v: [...v].map((x) => walk(x, `${at}{}`)) };
    if (v instanceof Map)
      return {
        $: "m",
        i,
        v: [...v].map(([k, x]) => [walk(k, `${at}<key>`), walk(x, `${at}<${String(k)}>`)]),
      };
    if (!isPlain(v))
      throw new Error(`Cannot persist a ${v.constructor?.name ?? "foreign object"} at ${at}`);
    const out: Record<string, Encoded> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, `${at}.${k}`);
    return { $: "o", i, v: out };
  };
  return walk(value, "state");
}

export function decode(e: Encoded): unknown {
  const byId = new Map<number, unknown>();
  const walk = (x: Encoded): unknown => {
    if (x === null || typeof x !== "object") return x;
    switch (x.$) {
      case "u":
        return undefined;
      case "n":
        return Number(x.v);
      case "r":
        if (!byId.has(x.i)) throw new Error(`Snapshot refers to object ${x.i} before it`);
        return byId.get(x.i);
      case "a": {
        const a: unknown[] = [];
        byId.set(x.i, a);
        for (const y of x.v) a.push(walk(y));
        return a;
      }
      case "s": {
        const s = new Set<unknown>();
        byId.set(x.i, s);
        for (const y of x.v) s.add(walk(y));
        return s;
      }
      case "m": {
        const m = new Map<unknown, unknown>();
        byId.set(x.i, m);
        for (const [k, y] of x.v) m.set(walk(k), walk(y));
        return m;
      }
      case "o": {
        const o: Record<string, unknown> = {};
        byId.set(x.i, o);
        for (const [k, y] of Object.entries(x.v)) o[k] = walk(y);
        return o;
      }
    }
  };
  return walk(e);
}

/** Replaces `file` with `text` so that a crash leaves either the old file or the new one. */
export function writeAtomic(file: string, text: string) {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDir(path.dirname(file));
}

/** Makes a rename or a new file in `dir` durable (a no-op where directories cannot be opened). */
export function syncDir(dir: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot fsync a directory; its renames are durable enough for a demo.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new Error(`${file} is unreadable (${(e as Error).message}); run npm run sim:reset`);
  }
}
