/**
 * A newly fitted device of company 1 for the installation check (issue 26). It is not one of the
 * fleet's seeded vehicles (it is absent from /user/iotdevices, so no other call or count changes):
 * the installer reaches it through `GET /devices/installs`. Its diagnostics follow the installer
 * from the check's start (`since`): a fix, supply voltage and odometer at once, then the ignition
 * turned on after 10 s and off after 20 s, so a test can follow every step without a long wait.
 */
import { ok, routes, type Ctx } from "./kit";

export const NEW_INSTALL = {
  imei: "354800190000007",
  companyid: 1,
  nickname: "New install: ute 7",
  /** Eagle Farm depot, where the installer works. */
  lat: -27.4313,
  lng: 153.0856,
  odometerKm: 48213.4,
} as const;

export const IGNITION_ON_AFTER_MS = 10_000;
export const IGNITION_OFF_AFTER_MS = 20_000;

/** Installed at the last 07:00 Brisbane (UTC+10) that has passed: never in the future. */
function installedAt(now: number) {
  const day = 86_400_000;
  const tz = 10 * 3_600_000;
  const today = Math.floor((now + tz) / day) * day - tz + 7 * 3_600_000;
  return today <= now ? today : today - day;
}

export function newInstallOf(ctx: Ctx, imei: string | null) {
  return imei === NEW_INSTALL.imei && ctx.user.companyid === NEW_INSTALL.companyid;
}

/** The diagnostics of the new device, `since` (ms, not in the future) being the check's start. */
export function newInstallDiagnostics(ctx: Ctx, since: number) {
  const elapsed = ctx.now - since;
  const changes: { at: string; on: boolean }[] = [];
  if (elapsed >= IGNITION_ON_AFTER_MS)
    changes.push({ at: new Date(since + IGNITION_ON_AFTER_MS).toISOString(), on: true });
  if (elapsed >= IGNITION_OFF_AFTER_MS)
    changes.push({ at: new Date(since + IGNITION_OFF_AFTER_MS).toISOString(), on: false });
  const ignition = changes.length === 1;
  return ok({
    imei: NEW_INSTALL.imei,
    // It reports every 5 s while the installer works.
    reported_at: new Date(ctx.now - (ctx.now % 5_000)).toISOString(),
    lat: NEW_INSTALL.lat,
    lng: NEW_INSTALL.lng,
    gps: { satellites: 9, hdop: 0.9 },
    power: { supply_voltage: ignition ? 13.92 : 12.61, external: true },
    ignition,
    odometer_km: NEW_INSTALL.odometerKm,
    ignition_changes: changes,
  });
}

function installs(ctx: Ctx) {
  if (ctx.user.companyid !== NEW_INSTALL.companyid) return ok([]);
  const { imei, nickname } = NEW_INSTALL;
  return ok([{ imei, nickname, installed_at: new Date(installedAt(ctx.now)).toISOString() }]);
}

export const newInstallRoutes = routes([["GET", "/devices/installs", installs]]);
