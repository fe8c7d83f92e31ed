/**
 * Who may see which upstream picture through /media. Checked in the app, before anything is asked
 * of the upstream (the upstream's own checks are not relied on), per kind:
 * - the signed-in user's own photo or avatar (the top bar and the account page show them);
 * - the photo of one of the company's devices (the device cache knows which devices are the
 *   company's, and their photo paths);
 * - nothing else: another user's photo (the app shows no one else's), another company's device,
 *   company logos and icons (the app draws those from its own files, `public/logos` and inline
 *   SVG), beacon pictures (the upstream has none). Each is a 404, the same answer as a picture
 *   that does not exist, so no answer tells a foreign id from an unknown one.
 */
import type { SessionUser } from "~/lib/user";
import type { Auth } from "~/services/company-context.server";
import { isCompanyDevicePhoto } from "./devices-read.server";

/** Image files in the upstream's picture folders, without path tricks. */
const IMAGE_PATH = /^(photos|logos|icons)\/[A-Za-z0-9._/-]+\.(svg|png|jpe?g|webp|gif)$/;
const DEVICE_PHOTO = /^photos\/devices\/[A-Za-z0-9._-]+$/;

/** `path` as in /media/<path> (no leading slash). */
export async function mayViewMedia(
  who: { user: Pick<SessionUser, "photo" | "avatar">; auth: Auth },
  path: string,
): Promise<boolean> {
  if (!IMAGE_PATH.test(path) || path.split("/").some((s) => s === "." || s === "..")) return false;
  const src = `/${path}`;
  if (src === who.user.photo || src === who.user.avatar) return true;
  if (DEVICE_PHOTO.test(path)) return isCompanyDevicePhoto(who.auth, src);
  return false;
}
