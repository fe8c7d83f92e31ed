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
  signOffLoad,
  type Load,
  type Profile,
  type SensorDevice,
} from "./upstream.server";

export const SIGN_OFF = { permission: "reports_manage" } as const;

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

export async function loadsPage(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [loads, profiles, devices, timeZone] = await Promise.all([
    listLoads(up),
    listProfiles(up),
    listSensorDevices(up),
    companyTimeZone(ctx.auth),
  ]);
  const judged = await Promise.all(loads.map((l) => judgeLoad(up, l, profiles, devices)));
  return {
    timeZone,
    profiles,
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
      mkt: j.verdict.mktC,
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

export async function loadPage(ctx: ModuleContext, id: number) {
  const [j, timeZone] = await Promise.all([judgedLoad(ctx, id), companyTimeZone(ctx.auth)]);
  const v = j.verdict;
  const peaks = v.tiers.flatMap((t) => t.excursions.map((e) => e.peak.index));
  const chart = downsample(j.temp, CHART_POINTS, { keep: peaks, gaps: v.gaps });
  return {
    timeZone,
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
      mkt: v.mktC,
      samples: v.samples,
      gaps: v.gaps,
      gapMs: v.gapMs,
      suppress: v.suppress,
      tiers: v.tiers.map((t) => ({
        label: t.label,
        min: t.min,
        max: t.max,
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
          peak: { t: e.peak.t, v: e.peak.v },
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
