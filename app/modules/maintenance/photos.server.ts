/**
 * Task photos: POST /dashboard/tasks/:id/photos (multipart, field `photo`) streams the image to
 * the upstream as it arrives, counted; past PHOTO_MAX_BYTES the upstream request is aborted (it
 * keeps nothing) and the user is told. The type is read from the file's first bytes (PNG, JPEG, GIF
 * or WebP), never from its name or what the browser said. GET /dashboard/tasks/:id/photos/:photo
 * hands the image on after checking it is one of that task's.
 */
import { unstable_parseMultipartFormData } from "@remix-run/node";
import type { ModuleContext } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { limitedBody } from "~/services/upstream/streams.server";
import { up } from "./maintenance.server";
import { companyTask } from "./tasks.server";
import { taskPhoto, uploadTaskPhoto, type PhotoType } from "./upstream.server";

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_LIMIT_TEXT = "10 MB";
export const PHOTO_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

/** The image type of a file by its first bytes (its signature), or null when not an allowed one. */
export function photoTypeOf(head: Uint8Array): PhotoType | null {
  if (head[0] === 0x89 && ascii(head, 1, 4) === "PNG") return "image/png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (ascii(head, 0, 4) === "GIF8") return "image/gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  return null;
}

class PhotoRefused extends Error {}

export const photoPage = (id: number) => `/dashboard/tasks?edit=${id}`;

export async function uploadPhotoAction(ctx: ModuleContext, raw: string, request: Request) {
  const task = await companyTask(ctx, raw);
  const back = photoPage(task.id);
  const refuse = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Photo refused", description: message });
  let saved = false;
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      if (part.name !== "photo" || !part.filename) {
        for await (const _ of part.data) void _;
        return undefined;
      }
      if (saved) throw new PhotoRefused("Send one photo at a time.");
      const it = part.data[Symbol.asyncIterator]();
      // The first bytes, enough for any signature, before the upstream is called.
      let head = new Uint8Array(0);
      while (head.length < 12) {
        const { value, done } = await it.next();
        if (done) break;
        head = new Uint8Array([...head, ...value]);
      }
      if (head.length === 0) throw new PhotoRefused("Choose a photo to upload.");
      const type = photoTypeOf(head);
      if (!type) throw new PhotoRefused("Only photos may be added: PNG, JPEG, GIF or WebP.");
      const { body, signal } = limitedBody(
        { [Symbol.asyncIterator]: () => it },
        PHOTO_MAX_BYTES,
        () => new PhotoRefused(`The photo is larger than the limit of ${PHOTO_LIMIT_TEXT}.`),
        head,
      );
      await uploadTaskPhoto(up(ctx), task.id, type, body, signal);
      saved = true;
      return undefined;
    });
  } catch (e) {
    if (e instanceof PhotoRefused) return refuse(e.message);
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 413)) return refuse(e.message);
    throw e;
  }
  if (!saved) return refuse("Choose a photo to upload.");
  return redirectWithToast(back, { type: "success", description: "Photo added." });
}

/** One of a task's photos, streamed; another company's task or a photo not of it is a 404. */
export async function photoLoader(ctx: ModuleContext, rawId: string, photo: string) {
  const task = await companyTask(ctx, rawId);
  if (!task.photos.includes(photo)) throw new Response("Not found", { status: 404 });
  const res = await taskPhoto(up(ctx), task.id, photo).catch((e: unknown) => {
    if (isUpstreamError(e) && (e.status === 404 || e.status === 410))
      throw new Response("Not found", { status: 404 });
    throw e;
  });
  const type = res.headers.get("content-type") ?? "";
  return new Response(res.body, {
    headers: {
      "Content-Type": PHOTO_ACCEPT.split(",").includes(type) ? type : "application/octet-stream",
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
