/**
 * Device diagnostics (designed; SPEC names the installation check, installation/{imei}, without its
 * calls): `GET /devices/diagnostics?imei=…&since=<ISO or ms>` answers what an installer checks on a
 * newly fitted device: its last report, the GPS fix quality (satellites, HDOP), the supply voltage
 * (null for a battery-powered sensor), the odometer, and the ignition changes seen since `since`
 * (at most 6 hours back). Read-only and derived from the seeded movement, so it is the same in
 * every run for the same instant.
 */
import { deviceOf, HttpError, ok, routes, timeParam, type Ctx } from "./kit";
import { lastFix } from "./fixes";
import { sampleAt } from "./movement";
import { unit } from "./prng";
import { newInstallDiagnostics, newInstallOf, newInstallRoutes } from "./new-install";

const LOOKBACK_MS = 6 * 3_600_000;
const STEP_MS = 60_000;

function diagnostics(ctx: Ctx) {
  const imei = ctx.query.get("imei");
  const d = newInstallOf(ctx, imei) ? null : deviceOf(ctx, imei);
  const since = timeParam(ctx.query.get("since"), ctx.now - 3_600_000, "since");
  if (since > ctx.now) throw new HttpError(400, "since must not be in the future");
  if (!d) return newInstallDiagnostics(ctx, since);
  const from = Math.max(since, ctx.now - LOOKBACK_MS);
  const fix = lastFix(ctx.state.world, d, ctx.now);
  const offline = fix.state === "offline";
  const minute = Math.floor(fix.timestamp / 60_000);
  // A parked vehicle in a covered car park sometimes has a poor fix; an offline one has none.
  const poor = unit(d.sim.code, minute, 41) < 0.08;
  const satellites = offline ? 0 : poor ? 3 : 7 + Math.floor(unit(d.sim.code, minute, 42) * 7);
  const hdop = offline
    ? null
    : Math.round((poor ? 4.5 : 0.7 + unit(d.sim.code, minute, 43)) * 10) / 10;
  const supply = d.sim.stationary
    ? null
    : Math.round(((fix.ignition ? 13.8 : 12.4) + unit(d.sim.code, minute, 44) * 0.5) * 100) / 100;
  const changes: { at: string; on: boolean }[] = [];
  if (!d.sim.stationary) {
    let was = sampleAt(d, from).ignition;
    for (let t = from + STEP_MS; t <= Math.min(ctx.now, fix.timestamp); t += STEP_MS) {
      const on = sampleAt(d, t).ignition;
      if (on !== was) changes.push({ at: new Date(t).toISOString(), on });
      was = on;
    }
  }
  return ok({
    imei: d.imei,
    reported_at: new Date(fix.timestamp).toISOString(),
    lat: fix.lat,
    lng: fix.lng,
    gps: { satellites, hdop },
    power: { supply_voltage: supply, external: !d.sim.stationary },
    ignition: fix.ignition,
    odometer_km: d.sim.stationary ? null : fix.odometer,
    ignition_changes: changes.slice(-20),
  });
}

export const diagnosticsRoutes = [
  ...routes([["GET", "/devices/diagnostics", diagnostics]]),
  ...newInstallRoutes,
];
