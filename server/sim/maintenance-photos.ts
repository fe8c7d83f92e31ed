import fs from "node:fs";
import { blobPath, receiveBlob } from "./files";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { maint, own, type SimTask } from "./maintenance";

const view = ({ companyid: _c, ...rest }: SimTask) => rest;

/**
 * Task photos: images only, at most PHOTO_MAX bytes. A photo's id is its stored blob and the
 * image's extension (`<hex>.png`), so the type travels with the id.
 */
const PHOTO_MAX = 10 * 1024 * 1024;
const PHOTO_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
const PHOTO_ID = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

async function receivePhoto(ctx: Ctx, body: AsyncIterable<Buffer>) {
  own(ctx, maint(ctx.state).tasks, ctx.query.get("task_id"), "Task"); // 404 before reading a byte
  const ext = PHOTO_TYPES[ctx.query.get("content_type") ?? ""];
  if (!ext)
    throw new HttpError(400, "content_type must be image/png, image/jpeg, image/gif or image/webp");
  const { blob, size } = await receiveBlob(ctx.state, body, PHOTO_MAX);
  return { task_id: Number(ctx.query.get("task_id")), photo: `${blob}.${ext}`, size };
}

function addPhoto(ctx: Ctx) {
  const b = obj(ctx.body);
  const m = /^([0-9a-f]{32})\./.exec(String(b.photo ?? ""));
  const file = blobPath(ctx.state, m?.[1]);
  try {
    const t = own(ctx, maint(ctx.state).tasks, b.task_id, "Task");
    if (!m || !PHOTO_ID.test(String(b.photo)) || !fs.existsSync(file))
      throw new HttpError(400, "The photo's body is missing");
    t.photos.push(String(b.photo));
    return ok(view(t), 201);
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}

function photoOf(ctx: Ctx) {
  const t = own(ctx, maint(ctx.state).tasks, ctx.query.get("task_id"), "Task");
  const id = ctx.query.get("photo") ?? "";
  const m = PHOTO_ID.exec(id);
  if (!m || !t.photos.includes(id)) throw new HttpError(404, "Photo not found");
  return { t, id, file: blobPath(ctx.state, m[1]), ext: m[2]! };
}

function photoContent(ctx: Ctx) {
  const { file, ext } = photoOf(ctx);
  if (!fs.existsSync(file)) throw new HttpError(410, "The photo's body is gone");
  const type = Object.keys(PHOTO_TYPES).find((k) => PHOTO_TYPES[k] === ext)!;
  return { file: { path: file, size: fs.statSync(file).size }, contentType: type };
}

function deletePhoto(ctx: Ctx) {
  const { t, id, file } = photoOf(ctx);
  t.photos = t.photos.filter((p) => p !== id);
  fs.rmSync(file, { force: true });
  return ok(view(t));
}

export const photoRoutes = routes([
  ["POST", "/maintenance/photos", addPhoto, { stream: receivePhoto }],
  ["GET", "/maintenance/photos/content", photoContent],
  ["DELETE", "/maintenance/photos", deletePhoto],
]);
