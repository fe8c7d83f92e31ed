/**
 * File bodies the simulator keeps (insight-tag wiki files, maintenance photos): streamed to disk
 * under one folder per simulator, `<dataDir>/sim/files` when durable, else a temp dir. A body is
 * written to `<blob>.part` and renamed only once it has all arrived, so a broken or oversized one
 * leaves nothing.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HttpError, type SimState } from "./kit";

const filesDirs = new WeakMap<SimState, string>();
export function useFilesDir(state: SimState, dir: string | null) {
  const d = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tracksmith-sim-files-"));
  fs.mkdirSync(d, { recursive: true });
  filesDirs.set(state, d);
}
export function filesDir(state: SimState): string {
  if (!filesDirs.has(state)) useFilesDir(state, null);
  return filesDirs.get(state)!;
}

/** Where a stored blob's body is (the name reduced to its hex characters). */
export const blobPath = (state: SimState, blob: unknown) =>
  path.join(filesDir(state), String(blob ?? "").replace(/[^0-9a-f]/g, ""));

/** Streams a request body into a new blob; past `max` bytes 413, a broken body 400. */
export async function receiveBlob(
  state: SimState,
  body: AsyncIterable<Buffer>,
  max: number,
): Promise<{ blob: string; size: number }> {
  const blob = randomBytes(16).toString("hex");
  const dir = filesDir(state);
  const part = path.join(dir, `${blob}.part`);
  const out = fs.createWriteStream(part);
  // A write still in flight when a broken-off upload destroys the stream fails with nobody left
  // to tell; without a listener that error would crash the process.
  let failed: Error | null = null;
  out.on("error", (e) => (failed = e));
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > max) throw new HttpError(413, "File too large");
      if (!out.write(chunk))
        await new Promise<void>((r) => {
          out.once("drain", r);
          out.once("close", r);
        });
      if (failed) throw failed;
    }
    await new Promise<void>((resolve, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
    fs.renameSync(part, path.join(dir, blob));
  } catch (e) {
    out.destroy();
    fs.rmSync(part, { force: true });
    if (e instanceof HttpError) throw e;
    throw new HttpError(400, "The upload was broken off");
  }
  return { blob, size };
}
