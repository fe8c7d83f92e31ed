/**
 * Task photos: POST /dashboard/tasks/:id/photos (multipart, field `photo`) sends the image to the
 * upstream; past PHOTO_MAX_BYTES the user is told and the upstream is not called. The type is read
 * from the file's first bytes (PNG, JPEG, GIF or WebP), never from its name or what the browser
 * said. GET /dashboard/tasks/:id/photos/:photo hands the image on after checking it is one of that
 * task's.
 */
import { FILE_KINDS, type FileKind } from "~/lib/file-types";
import type { ModuleContext } from "~/services/guard.server";
import { kindOf, postedFiles } from "~/services/file-transfer.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { up } from "./maintenance.server";
import { companyTask } from "./tasks.server";
import { taskPhoto, uploadTaskPhoto, type PhotoType } from "./upstream.server";

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_LIMIT_TEXT = "10 MB";
export const PHOTO_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

const PHOTO_KINDS: readonly FileKind[] = ["png", "jpeg", "gif", "webp"];

export const photoPage = (id: number) => `/dashboard/tasks?edit=${id}`;

export async function uploadPhotoAction(ctx: ModuleContext, raw: string, request: Request) {
  const task = await companyTask(ctx, raw);
  const back = photoPage(task.id);
  const refuse = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Photo refused", description: message });
  try {
    const files = await postedFiles(request, "photo");
    if (files.length > 1) return refuse("Send one photo at a time.");
    const photo = files[0];
    if (!photo || photo.size === 0) return refuse("Choose a photo to upload.");
    const kind = await kindOf(photo, PHOTO_KINDS);
    if (!kind) return refuse("Only photos may be added: PNG, JPEG, GIF or WebP.");
    if (photo.size > PHOTO_MAX_BYTES)
      return refuse(`The photo is larger than the limit of ${PHOTO_LIMIT_TEXT}.`);
    await uploadTaskPhoto(
      up(ctx),
      task.id,
      FILE_KINDS[kind].mime as PhotoType,
      photo.stream(),
      request.signal,
    );
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 413)) return refuse(e.message);
    throw e;
  }
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
