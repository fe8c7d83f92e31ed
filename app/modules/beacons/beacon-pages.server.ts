/** Loaders and actions of the beacon pages: the feature gate, then the cache (beacons.server.ts), per page. */
import type { ModuleContext } from "~/services/guard.server";
import { CAN, isAllowed } from "~/lib/access";
import { json, redirect } from "@remix-run/node";
import { switchIntent } from "~/services/intent.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm, refusalReply } from "~/lib/parse-form";
import { beaconConfigSchema } from "./beacon-config";
import {
  BEACON_STATUS_LABELS,
  BEACON_STATUSES,
  filterBeacons,
  normaliseUuid,
  parseSort,
  sortBeacons,
  type BeaconStatus,
} from "./beacon-list";
import { formatZoned } from "~/lib/zoned-time";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { csvDownload, csvFileName, type CsvColumn } from "~/services/table-csv.server";
import {
  createBeaconShareLink,
  listBeaconShareLinks,
  requireBeaconShareLink,
  revokeBeaconShareLink,
  SHARE_DURATIONS,
} from "./beacon-sharing.server";
import { beaconHistory, configureBeacon, listBeacons, requireBeacon } from "./beacons.server";
import { FieldError } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { tileConfig } from "~/services/map-tiles.server";
import { isUpstreamError } from "~/services/upstream/index.server";

export async function beaconsPage(ctx: ModuleContext, url: URL) {
  const { auth } = ctx;
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (BEACON_STATUSES as string[]).includes(rawStatus)
    ? (rawStatus as BeaconStatus)
    : null;
  const { sort, dir } = parseSort(url.searchParams.get("sort"), url.searchParams.get("dir"));
  const [{ beacons, sync }, timeZone] = await Promise.all([
    listBeacons(auth),
    companyTimeZone(auth),
  ]);
  const matching = filterBeacons(beacons, q).filter((b) => !status || b.status === status);
  const rows = sortBeacons(matching, sort, dir).map((b) => ({
    uuid: b.uuid,
    nickname: b.nickname,
    assetName: b.assetName,
    battery: b.battery,
    lastSeenAt: b.lastSeenAt,
    lastGatewayName: b.lastGatewayName,
    status: b.status,
  }));
  return {
    rows,
    total: beacons.length,
    q,
    status,
    sort,
    dir,
    sync,
    timeZone,
    canConfigure: isAllowed(ctx.user, CAN.editBeacons),
  };
}

/** GET /dashboard/beacons.csv: the list as the page shows it (search, status and order), every row. */
export function beaconsCsv(data: Awaited<ReturnType<typeof beaconsPage>>, now = new Date()) {
  const columns: CsvColumn<(typeof data.rows)[number]>[] = [
    { header: "Beacon", value: (r) => r.nickname },
    { header: "Asset", value: (r) => r.assetName ?? "" },
    { header: "UUID", value: (r) => r.uuid },
    { header: "Battery (%)", value: (r) => r.battery },
    {
      header: `Last seen (${data.timeZone})`,
      value: (r) => (r.lastSeenAt ? formatZoned(r.lastSeenAt, data.timeZone, "full") : ""),
    },
    { header: "Seen near", value: (r) => r.lastGatewayName ?? "" },
    { header: "Status", value: (r) => BEACON_STATUS_LABELS[r.status] },
  ];
  return csvDownload(csvFileName("beacons", now, data.timeZone), columns, data.rows);
}

/** /dashboard/beacon: a picker; `?uuid=` (the picker's GET form) goes to that beacon. */
export async function beaconPicker(ctx: ModuleContext, url: URL) {
  const { auth } = ctx;
  const raw = url.searchParams.get("uuid");
  if (raw) {
    const uuid = normaliseUuid(raw);
    if (uuid) throw redirect(`/dashboard/beacon/${(await requireBeacon(auth, uuid)).uuid}`);
  }
  const { beacons, sync } = await listBeacons(auth);
  return {
    beacons: beacons.map((b) => ({ uuid: b.uuid, nickname: b.nickname, status: b.status })),
    sync,
    invalid: raw !== null,
  };
}

export async function beaconPage(ctx: ModuleContext, uuid: string) {
  const { auth } = ctx;
  const beacon = await requireBeacon(auth, uuid);
  const [history, links, { sync }] = await Promise.all([
    beaconHistory(auth, beacon.uuid),
    listBeaconShareLinks(auth, beacon.uuid),
    listBeacons(auth),
  ]);
  // Share links are public addresses: only those who may manage them see them.
  const canShare = ctx.can.share === true;
  return {
    beacon,
    history,
    links: canShare ? links : [],
    canShare,
    canConfigure: isAllowed(ctx.user, CAN.editBeacons),
    durations: SHARE_DURATIONS,
    tiles: tileConfig(),
    sync,
  };
}

export type BeaconActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  shareUrl?: string;
  confirmFor?: string;
};

export async function beaconPageAction(ctx: ModuleContext, form: FormData, uuid: string) {
  const { auth, session } = ctx;
  // Another company's beacon is a 404 before the intent is read, whatever the intent.
  const beacon = await requireBeacon(auth, uuid);
  const answer = (result: BeaconActionResult) => json(result);
  return switchIntent(form, {
    share: async (f) => {
      const intent = "share";
      const minutes = Number(f.get("minutes"));
      if (!SHARE_DURATIONS.some((d) => d.minutes === minutes))
        return answer({
          intent,
          ok: false,
          errors: { minutes: "Choose how long the link works." },
        });
      const link = await createBeaconShareLink(
        auth,
        session.user.username_id,
        beacon.uuid,
        minutes,
      );
      return answer({
        intent,
        ok: true,
        message: "Share link created.",
        shareUrl: `/beacons/dashboard/${link.uuid}?share=${link.id}`,
      });
    },
    "share-revoke": async (f) => {
      const intent = "share-revoke";
      const id = String(f.get("id") ?? "");
      await requireBeaconShareLink(auth, beacon.uuid, id);
      if (f.get("confirm") !== "yes") return answer({ intent, ok: false, confirmFor: id });
      const ok = await revokeBeaconShareLink(auth, beacon.uuid, id);
      return answer(
        ok
          ? { intent, ok: true, message: "Share link revoked." }
          : { intent, ok: false, message: "That link is already revoked." },
      );
    },
  });
}

export async function beaconConfigPage(ctx: ModuleContext, url: URL) {
  const { auth } = ctx;
  const focus = normaliseUuid(url.searchParams.get("uuid") ?? "");
  const { beacons, sync } = await listBeacons(auth);
  return {
    beacons: beacons.map((b) => ({
      uuid: b.uuid,
      nickname: b.nickname,
      assetName: b.assetName,
      txPower: b.txPower,
      advIntervalMs: b.advIntervalMs,
      model: b.model,
      status: b.status,
    })),
    focus: beacons.some((b) => b.uuid === focus) ? focus : null,
    sync,
  };
}

/**
 * What a beacon's settings form answers: saved (its message shown in the form), or refused with
 * Conform's reply (messages beside the fields, what was typed kept) and, when the tracking service
 * failed rather than the form, its message.
 */
export type ConfigActionResult =
  | { uuid: string; ok: true; message: string }
  | { uuid: string; ok: false; result: SubmissionResult<string[]>; message?: string };

export async function beaconConfigAction(
  ctx: ModuleContext,
  form: FormData,
): Promise<ConfigActionResult> {
  const { auth } = ctx;
  const uuid = String(form.get("uuid") ?? "").trim();
  const submission = parseForm(form, beaconConfigSchema);
  if (submission.status !== "success") return { uuid, ok: false, result: submission.reply() };
  try {
    const saved = await configureBeacon(auth, submission.value);
    return { uuid: saved.uuid, ok: true, message: `${saved.nickname} saved.` };
  } catch (e) {
    if (e instanceof Response) throw e;
    if (e instanceof FieldError)
      return { uuid, ok: false, result: refusalReply(submission, e.field, e.message) };
    logError("beacon-config", e);
    const message =
      isUpstreamError(e) && e.kind === "http"
        ? e.message
        : "The tracking service did not answer. Nothing was changed; please try again.";
    return { uuid, ok: false, result: submission.reply(), message };
  }
}

export async function beaconMapPage(ctx: ModuleContext) {
  const { auth } = ctx;
  const { beacons, sync } = await listBeacons(auth);
  const points = beacons.map((b) => ({
    uuid: b.uuid,
    nickname: b.nickname,
    status: b.status,
    lat: b.lat,
    lng: b.lng,
    lastSeenAt: b.lastSeenAt,
    lastGatewayName: b.lastGatewayName,
    battery: b.battery,
  }));
  return { points, tiles: tileConfig(), sync };
}
