/**
 * Share links for one beacon, the same rules as vehicle share links (sharing.server.ts): the token
 * is 32 random bytes, a link works until it expires or is revoked, and the public beacon dashboard
 * shows only allow-listed fields. Guessing a uuid reveals nothing: without a valid token for that
 * uuid the answer is the same 404 as for a uuid that does not exist.
 */
import { redirect } from "@remix-run/node";
import { normaliseUuid } from "./beacon-list";
import { getAuth } from "~/services/auth.server";
import { requireBeacon } from "./beacons.server";
import { prisma } from "~/services/db.server";
import { authOf, type Auth } from "~/services/company-context.server";
import { tileConfig } from "~/services/map-tiles.server";
import {
  isTokenShaped,
  linkStatus,
  newShareToken,
  SHARE_MAX_MINUTES,
  SHARE_MIN_MINUTES,
} from "~/services/share-links.server";

export { SHARE_DURATIONS } from "~/services/share-links.server";

export type BeaconShareLinkView = {
  id: string;
  uuid: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
};

function view(
  r: { id: string; uuid: string; createdAt: Date; expiresAt: Date; revokedAt: Date | null },
  now = Date.now(),
): BeaconShareLinkView {
  return {
    id: r.id,
    uuid: r.uuid,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    active: linkStatus(r, now) === "active",
  };
}

/** The public address of a link. */
export const beaconShareUrl = (l: { id: string; uuid: string }) =>
  `/beacons/dashboard/${l.uuid}?share=${l.id}`;

export async function createBeaconShareLink(
  auth: Auth,
  userId: number,
  uuid: string,
  minutes: number,
  now = Date.now(),
): Promise<BeaconShareLinkView> {
  const b = await requireBeacon(auth, uuid);
  const m = Math.min(SHARE_MAX_MINUTES, Math.max(SHARE_MIN_MINUTES, Math.round(minutes)));
  const row = await prisma.beaconShareLink.create({
    data: {
      id: newShareToken(),
      companyId: auth.companyId,
      uuid: b.uuid,
      createdBy: userId,
      createdAt: new Date(now),
      expiresAt: new Date(now + m * 60_000),
    },
  });
  return view(row, now);
}

export async function listBeaconShareLinks(
  auth: Auth,
  uuid: string,
  now = Date.now(),
): Promise<BeaconShareLinkView[]> {
  const rows = await prisma.beaconShareLink.findMany({
    where: { companyId: auth.companyId, uuid },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((r) => view(r, now));
}

/**
 * Revokes a link of this beacon; false when it was already revoked. A link of another beacon or
 * company is a 404, like any id the user cannot see.
 */
/** A link (in any state) of this beacon of the company, or a 404. */
export async function requireBeaconShareLink(auth: Auth, uuid: string, id: string) {
  const link = await prisma.beaconShareLink.findFirst({
    where: { id, companyId: auth.companyId, uuid: normaliseUuid(uuid) ?? "" },
  });
  if (!link) throw new Response("Not found", { status: 404 });
  return link;
}

export async function revokeBeaconShareLink(
  auth: Auth,
  uuid: string,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  const link = await requireBeaconShareLink(auth, uuid, id);
  if (link.revokedAt) return false;
  await prisma.beaconShareLink.update({ where: { id }, data: { revokedAt: new Date(now) } });
  return true;
}

/** What a link holder sees: nothing about the gateway vehicle, the company or other beacons. */
export type PublicBeacon = {
  nickname: string;
  battery: number | null;
  lastSeenAt: string | null;
  lat: number | null;
  lng: number | null;
};

const notFound = () => new Response("Not found", { status: 404 });

/** The beacon behind an active link for this uuid, or a 404 (unknown, expired, revoked and mismatched links look alike). */
export async function resolveBeaconShare(
  token: string,
  rawUuid: string,
  now = Date.now(),
): Promise<{ expiresAt: string; beacon: PublicBeacon }> {
  const uuid = normaliseUuid(rawUuid);
  if (!uuid || !isTokenShaped(token)) throw notFound();
  const link = await prisma.beaconShareLink.findUnique({ where: { id: token } });
  if (!link || link.uuid !== uuid || linkStatus(link, now) !== "active") throw notFound();
  const b = await prisma.beacon.findUnique({
    where: { companyId_uuid: { companyId: link.companyId, uuid } },
    select: { nickname: true, battery: true, lastSeenAt: true, lastLat: true, lastLng: true },
  });
  if (!b) throw notFound();
  return {
    expiresAt: link.expiresAt.toISOString(),
    beacon: {
      nickname: b.nickname,
      battery: b.battery,
      lastSeenAt: b.lastSeenAt?.toISOString() ?? null,
      lat: b.lastLat,
      lng: b.lastLng,
    },
  };
}

/**
 * beacons/dashboard/{uuid}: with `?share=<token>` for this uuid, the allow-listed view; a signed-in
 * user of the owning company goes to the full page; anyone else gets a 404.
 */
export async function publicBeacon(request: Request, uuid: string) {
  const token = new URL(request.url).searchParams.get("share");
  if (token) {
    const shared = await resolveBeaconShare(token, uuid);
    return { ...shared, tiles: tileConfig() };
  }
  const session = await getAuth(request);
  if (session) {
    const b = await requireBeacon(authOf(session), uuid);
    throw redirect(`/dashboard/beacon/${b.uuid}`);
  }
  throw notFound();
}
