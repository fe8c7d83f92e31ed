/**
 * Freight temperature control: loads (a device carrying a product under a profile between two
 * times) judged against their product profile: the trace, excursions per tier, time out of range,
 * mean kinetic temperature, a pass/fail verdict and the sign-off. The verdict is recomputed from
 * the readings each time (a late upload can change it until the load is signed off).
 */
import { isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import type { SignOffForm } from "./limit-form";
import type { LoadForm, ProfileForm } from "./ftc-form";
import { zonedLocalToUtc, localParts } from "~/lib/zoned-days";
import type { Measurement } from "~/lib/units";
import { shown, tierName, toCanonical } from "./units";
import {
  downsample,
  evaluateLoad,
  suppressionWindows,
  type LoadVerdict,
  type Series,
  type Tier,
} from "./series";
import { CHART_POINTS } from "./analysis";
import {
  getLoad,
  getSeries,
  listLoads,
  listProfiles,
  listSensorDevices,
  saveLoad,
  saveProfile,
  signOffLoad,
  type Load,
  type Profile,
  type SensorDevice,
} from "./upstream.server";
import { temperatureLabel } from "~/lib/units";

export const SIGN_OFF = { permission: "reports_manage" } as const;
/** Profiles and loads are edited by those who manage alerts (the profiles are alert thresholds). */
export const EDIT_FTC = { permission: "alerts_manage" } as const;

export const tiersOf = (p: Profile): Tier[] =>
  p.tiers.map((t) => ({
    label: t.label,
    min: t.min,
    max: t.max,
    allowanceMs: t.allowance_s * 1000,
  }));

export type JudgedLoad = {
  load: Load;
  profile: Profile;
  device: SensorDevice | null;
  verdict: LoadVerdict;
  temp: Series;
  from: number;
  to: number;
  inTransit: boolean;
};

/** A load's readings (temperature, door, defrost) and its verdict under its profile. */
export async function judgeLoad(
  up: Upstream,
  load: Load,
  profiles: Profile[],
  devices: SensorDevice[],
  now = Date.now(),
): Promise<JudgedLoad> {
  const profile = profiles.find((p) => p.id === load.profile_id);
  if (!profile) throw new Error(`load ${load.id} names an unknown profile`);
  const device = devices.find((d) => d.imei === load.imei) ?? null;
  const from = Date.parse(load.start);
  const end = load.end === null ? null : Date.parse(load.end);
  const to = Math.min(end ?? now, now);
  const has = (ch: string) => device?.channels.some((c) => c.channel === ch) ?? false;
  const q = { imei: load.imei, from, to };
  const [temp, door, defrost] = await Promise.all([
    getSeries(up, { ...q, channel: "temperature" }),
    has("door") ? getSeries(up, { ...q, channel: "door" }) : null,
    has("defrost") ? getSeries(up, { ...q, channel: "defrost" }) : null,
  ]);
  const suppress = suppressionWindows(
    from,
    {
      startupMs: profile.startup_ignore_s * 1000,
      doorAfterMs: profile.door_recovery_s === null ? null : profile.door_recovery_s * 1000,
      defrostAfterMs:
        profile.defrost_recovery_s === null ? null : profile.defrost_recovery_s * 1000,
    },
    door,
    defrost,
  );
  const verdict = evaluateLoad(temp, tiersOf(profile), suppress, temp.interval_s * 1000);
  return { load, profile, device, verdict, temp, from, to, inTransit: end === null || end > now };
}

const pad = (n: number) => String(n).padStart(2, "0");
/** An instant as the "YYYY-MM-DDTHH:mm" a datetime-local field shows, in the company's zone. */
export function localInput(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.hh)}:${pad(p.mm)}`;
}

const inUnit = (c: number | null, m: Measurement) =>
  c === null ? null : shown("temperature", c, m);

/** A profile as the form's typed values, in the reader's unit. */
function profileValues(p: Profile, m: Measurement) {
  const [t1, t2] = p.tiers;
  const mins = (s: number | null | undefined) =>
    s === null || s === undefined ? "" : String(Math.round(s / 60));
  const n = (v: number | null | undefined) =>
    v === null || v === undefined ? "" : String(inUnit(v, m));
  return {
    id: String(p.id),
    name: p.name,
    description: p.description,
    unit: m === "imperial" ? "F" : "C",
    t1min: n(t1?.min),
    t1max: n(t1?.max),
    t1allow: mins(t1?.allowance_s),
    t2min: n(t2?.min),
    t2max: n(t2?.max),
    t2allow: t2 ? mins(t2.allowance_s) : "",
    startup: mins(p.startup_ignore_s),
    door: mins(p.door_recovery_s),
    defrost: mins(p.defrost_recovery_s),
  };
}

function loadValues(l: Load, timeZone: string) {
  return {
    id: String(l.id),
    imei: l.imei,
    profileId: String(l.profile_id),
    product: l.product,
    reference: l.reference,
    start: localInput(Date.parse(l.start), timeZone),
    end: l.end === null ? "" : localInput(Date.parse(l.end), timeZone),
  };
}

export async function loadsPage(ctx: ModuleContext, m: Measurement = "metric", url?: URL) {
  const up = upstream(ctx.auth.token);
  const [loads, profiles, devices, timeZone] = await Promise.all([
    listLoads(up),
    listProfiles(up),
    listSensorDevices(up),
    companyTimeZone(ctx.auth),
  ]);
  const judged = await Promise.all(loads.map((l) => judgeLoad(up, l, profiles, devices)));
  const editProfile = profiles.find((p) => String(p.id) === url?.searchParams.get("profile"));
  const editLoad = loads.find((l) => String(l.id) === url?.searchParams.get("load"));
  return {
    timeZone,
    measurement: m,
    canEdit: isAllowed(ctx.user, EDIT_FTC),
    devices: devices.map((d) => ({ imei: d.imei, nickname: d.nickname })),
    profileOptions: profiles.map((p) => ({ id: p.id, name: p.name })),
    profileValues: editProfile ? profileValues(editProfile, m) : null,
    loadValues: editLoad && !editLoad.signoff ? loadValues(editLoad, timeZone) : null,
    profiles: profiles.map((p) => ({
      ...p,
      tiers: p.tiers.map((t) => ({ ...t, min: inUnit(t.min, m), max: inUnit(t.max, m) })),
    })),
    loads: judged.map((j) => ({
      id: j.load.id,
      reference: j.load.reference,
      product: j.load.product,
      device: j.device?.nickname ?? j.load.imei,
      profile: j.profile.name,
      start: j.from,
      end: j.load.end === null ? null : Date.parse(j.load.end),
      inTransit: j.inTransit,
      pass: j.verdict.pass,
      outMs: j.verdict.outOfRangeMs,
      mkt: inUnit(j.verdict.mktC, m),
      signedBy: j.load.signoff?.name ?? null,
    })),
  };
}

/** One load of the caller's company (404 otherwise), judged. */
export async function judgedLoad(ctx: ModuleContext, id: number): Promise<JudgedLoad> {
  const up = upstream(ctx.auth.token);
  let load: Load;
  try {
    load = await getLoad(up, id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
  const [profiles, devices] = await Promise.all([listProfiles(up), listSensorDevices(up)]);
  return judgeLoad(up, load, profiles, devices);
}

/**
 * One load's page data. Temperatures (trace, tier bounds, peaks, MKT) are in the reader's unit
 * (°F when imperial), converted here for display only: the verdict is computed in °C.
 */
export async function loadPage(ctx: ModuleContext, id: number, m: Measurement = "metric") {
  const [j, timeZone] = await Promise.all([judgedLoad(ctx, id), companyTimeZone(ctx.auth)]);
  const v = j.verdict;
  const peaks = v.tiers.flatMap((t) => t.excursions.map((e) => e.peak.index));
  const raw = downsample(j.temp, CHART_POINTS, { keep: peaks, gaps: v.gaps });
  const deg = (c: number) => shown("temperature", c, m, 2);
  const chart = { t: raw.t, v: raw.v.map((c) => (c === null ? null : deg(c))) };
  return {
    timeZone,
    measurement: m,
    unit: temperatureLabel(m),
    canSignOff: isAllowed(ctx.user, SIGN_OFF),
    /** The signer is named as the signed-in user unless they type another name. */
    signer: ctx.user.name || ctx.user.username,
    load: j.load,
    profile: j.profile,
    device: j.device ? { imei: j.device.imei, nickname: j.device.nickname } : null,
    inTransit: j.inTransit,
    chart,
    verdict: {
      pass: v.pass,
      outMs: v.outOfRangeMs,
      mkt: v.mktC === null ? null : deg(v.mktC),
      samples: v.samples,
      gaps: v.gaps,
      gapMs: v.gapMs,
      suppress: v.suppress,
      tiers: v.tiers.map((t) => ({
        label: tierName(t, m),
        min: t.min === null ? null : deg(t.min),
        max: t.max === null ? null : deg(t.max),
        allowanceMs: t.allowanceMs,
        outMs: t.outMs,
        pass: t.pass,
        excursions: t.excursions.map((e) => ({
          side: e.side,
          start: e.start,
          end: e.end,
          countedMs: e.countedMs,
          suppressedMs: e.suppressedMs,
          openEnded: e.openEnded,
          peak: { t: e.peak.t, v: deg(e.peak.v) },
        })),
      })),
    },
  };
}

export type SignOffResult = { ok: true; load: Load } | { ok: false; message: string };

export async function signOff(
  ctx: ModuleContext,
  id: number,
  v: SignOffForm,
): Promise<SignOffResult> {
  try {
    return { ok: true, load: await signOffLoad(upstream(ctx.auth.token), id, v) };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false, message: e.message };
    throw e;
  }
}

export type SaveResult<T> = { ok: true; value: T } | { ok: false; message: string; status: number };

async function saving<T>(run: () => Promise<T>): Promise<SaveResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false, message: e.message, status: e.status };
    throw e;
  }
}

/** Creates or replaces a profile; limits typed in °C or °F are stored in °C, minutes as seconds. */
export async function saveProfileForm(ctx: ModuleContext, v: ProfileForm) {
  const c = (x: number | undefined) =>
    x === undefined ? null : Math.round(toCanonical(x, v.unit) * 100) / 100;
  const tiers = [
    { label: "Tier 1", min: c(v.t1min), max: c(v.t1max), allowance_s: (v.t1allow ?? 0) * 60 },
  ];
  if (v.t2min !== undefined || v.t2max !== undefined)
    tiers.push({
      label: "Tier 2",
      min: c(v.t2min),
      max: c(v.t2max),
      allowance_s: (v.t2allow ?? 0) * 60,
    });
  return saving(() =>
    saveProfile(
      upstream(ctx.auth.token),
      {
        name: v.name,
        description: v.description,
        tiers,
        startup_ignore_s: (v.startup ?? 0) * 60,
        door_recovery_s: v.door === undefined ? null : v.door * 60,
        defrost_recovery_s: v.defrost === undefined ? null : v.defrost * 60,
      },
      v.id,
    ),
  );
}

/** Creates or replaces a load; times typed in the company's zone. */
export async function saveLoadForm(ctx: ModuleContext, v: LoadForm) {
  const timeZone = await companyTimeZone(ctx.auth);
  const iso = (local: string) => new Date(zonedLocalToUtc(local, timeZone)).toISOString();
  return saving(() =>
    saveLoad(
      upstream(ctx.auth.token),
      {
        imei: v.imei,
        profile_id: v.profileId,
        product: v.product,
        reference: v.reference,
        start: iso(v.start),
        end: v.end === undefined ? null : iso(v.end),
      },
      v.id,
    ),
  );
}
