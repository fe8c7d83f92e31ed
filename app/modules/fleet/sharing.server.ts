/**
 * Share links: one vehicle's live position for whoever holds the link, until it expires or is
 * revoked. The id is the secret (32 random bytes = 256 bits, base64url), so a link cannot be
 * guessed from an imei; a link never reveals anything but its own vehicle.
 */
import { prisma } from "~/services/db.server";
import {
  isTokenShaped,
  linkStatus,
  newShareToken,
  SHARE_MAX_MINUTES,
  SHARE_MIN_MINUTES,
} from "~/services/share-links.server";
import { requireDevice } from "./devices-read.server";
import { type Auth } from "~/services/company-context.server";

export type ShareLinkView = {
  id: string;
  imei: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
};

function view(
  r: { id: string; imei: string; createdAt: Date; expiresAt: Date; revokedAt: Date | null },
  now = Date.now(),
): ShareLinkView {
  return {
    id: r.id,
    imei: r.imei,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    active: linkStatus(r, now) === "active",
  };
}

/** Creates a link for one of the company's vehicles (404 for any other imei). */
export async function createShareLink(
  auth: Auth,
  userId: number,
  imei: string,
  minutes: number,
  now = Date.now(),
): Promise<ShareLinkView> {
  await requireDevice(auth, imei);
  const m = Math.min(SHARE_MAX_MINUTES, Math.max(SHARE_MIN_MINUTES, Math.round(minutes)));
  const row = await prisma.shareLink.create({
    data: {
      id: newShareToken(),
      companyId: auth.companyId,
      imei,
      createdBy: userId,
      createdAt: new Date(now),
      expiresAt: new Date(now + m * 60_000),
    },
  });
  return view(row, now);
}

export async function listShareLinks(
  auth: Auth,
  imei: string,
  now = Date.now(),
): Promise<ShareLinkView[]> {
  const rows = await prisma.shareLink.findMany({
    where: { companyId: auth.companyId, imei },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((r) => view(r, now));
}

/** A link (active or not) of this vehicle of the company, or a 404. */
export async function requireShareLink(auth: Auth, imei: string, id: string) {
  const link = await prisma.shareLink.findFirst({ where: { id, imei, companyId: auth.companyId } });
  if (!link) throw new Response("Share link not found", { status: 404 });
  return link;
}

/** Revokes a link of the company; returns false when there is no such link. */
export async function revokeShareLink(auth: Auth, id: string, now = Date.now()): Promise<boolean> {
  const { count } = await prisma.shareLink.updateMany({
    where: { id, companyId: auth.companyId, revokedAt: null },
    data: { revokedAt: new Date(now) },
  });
  return count > 0;
}

/**
 * The vehicle behind an active link, or a 404 — unknown, expired and revoked links all look the
 * same to a visitor, so the answer leaks nothing. Only the fields a recipient needs.
 */
export async function resolveShareLink(id: string, now = Date.now()) {
  if (!isTokenShaped(id)) throw new Response("Not found", { status: 404 });
  const link = await prisma.shareLink.findUnique({ where: { id } });
  if (!link || linkStatus(link, now) !== "active") throw new Response("Not found", { status: 404 });
  const d = await prisma.device.findFirst({
    where: { imei: link.imei, companyId: link.companyId },
    select: {
      nickname: true,
      avatar: true,
      lat: true,
      lng: true,
      speed: true,
      heading: true,
      ignition: true,
      lastContactAt: true,
    },
  });
  if (!d) throw new Response("Not found", { status: 404 });
  return {
    expiresAt: link.expiresAt.toISOString(),
    companyId: link.companyId,
    imei: link.imei,
    vehicle: { ...d, lastContactAt: d.lastContactAt?.toISOString() ?? null },
  };
}
