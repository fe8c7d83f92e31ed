/**
 * The environment pages: every environment and cold-chain device with its latest readings and
 * status; per device, a channel over a chosen range (downsampled on the server), its limits, and
 * report downloads. Limits live upstream (one per device and channel); saving one re-checks the
 * recent readings at once so a limit already exceeded alerts without waiting for the job.
 */
import { isAllowed } from "~/lib/access";
import { startOfDay, addDays } from "~/lib/zoned-days";
import type { Measurement } from "~/lib/units";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { listDevices } from "~/modules/fleet/index.server";
import { analyse, bandOf, type Analysis } from "./analysis";
import type { LimitForm } from "./limit-form";
import { checkDeviceLimits } from "./alerts.server";
import {
  deleteLimit,
  getSeries,
  listLimits,
  listSensorDevices,
  saveLimit,
  type Channel,
  type SensorDevice,
  type SensorLimit,
} from "./upstream.server";
import { shown } from "./units";

export const MANAGE_LIMITS = { permission: "alerts_manage" } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const PRESETS = { "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY, "1y": 365 * DAY } as const;
export type Preset = keyof typeof PRESETS;

export type DeviceStatus = "ok" | "alarm" | "silent" | "low_battery";

export function statusOf(d: SensorDevice, limits: SensorLimit[], now: number): DeviceStatus {
  const times = Object.values(d.latest).flatMap((r) => (r ? [r.time] : []));
  if (!times.length || now - Math.max(...times) > HOUR) return "silent";
  for (const l of limits) {
    const r = d.latest[l.channel];
    if (!r) continue;
    const b = bandOf(l);
    if ((b.min !== null && r.value < b.min) || (b.max !== null && r.value > b.max)) return "alarm";
  }
  const battery = d.latest.battery?.value;
  if (battery !== undefined && battery < 15) return "low_battery";
  return "ok";
}

export async function environmentPage(ctx: ModuleContext, m: Measurement) {
  const up = upstream(ctx.auth.token);
  const [devices, limits, timeZone] = await Promise.all([
    listSensorDevices(up),
    listLimits(up),
    companyTimeZone(ctx.auth),
  ]);
  const now = Date.now();
  const rows = devices.map((d) => {
    const mine = limits.filter((l) => l.imei === d.imei);
    const value = (ch: string, digits = 1) => {
      const r = d.latest[ch];
      return r ? shown(ch, r.value, m, digits) : null;
    };
    const times = Object.values(d.latest).flatMap((r) => (r ? [r.time] : []));
    return {
      imei: d.imei,
      nickname: d.nickname,
      kind: d.kind,
      typeId: d.device_type_id,
      temperature: value("temperature"),
      humidity: value("humidity"),
      door: d.latest.door ? (d.latest.door.value >= 0.5 ? "Open" : "Closed") : null,
      battery: value("battery", 0),
      lastAt: times.length ? Math.max(...times) : null,
      status: statusOf(d, mine, now),
      limits: mine.length,
    };
  });
  return { rows, timeZone, measurement: m };
}

export type RangeChoice = {
  from: number;
  to: number;
  preset: Preset | null;
  fromDay: string;
  toDay: string;
};

/** The range of `?range=` (a preset) or `?from=&to=` (days in the company's zone); 24 h by default. */
export function rangeOf(
  url: URL,
  timeZone: string,
  now = Date.now(),
): RangeChoice | { error: string } {
  const fromDay = url.searchParams.get("from") ?? "";
  const toDay = url.searchParams.get("to") ?? "";
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (fromDay || toDay) {
    if (!day.test(fromDay) || !day.test(toDay))
      return { error: "Enter both dates, like 2026-03-01" };
    const from = startOfDay(fromDay, timeZone);
    const to = Math.min(now, startOfDay(addDays(toDay, 1), timeZone));
    if (!(from < to)) return { error: "The start must be before the end" };
    if (to - from > 366 * DAY) return { error: "Choose at most a year" };
    return { from, to, preset: null, fromDay, toDay };
  }
  const p = url.searchParams.get("range");
  const preset: Preset = p && p in PRESETS ? (p as Preset) : "24h";
  return { from: now - PRESETS[preset], to: now, preset, fromDay: "", toDay: "" };
}

/**
 * One device: a sensor device, or another of the company's devices that reports no sensor
 * channels (shown as such); 404 for another company's (or an unknown) imei.
 */
async function deviceOf(ctx: ModuleContext, imei: string): Promise<SensorDevice> {
  const d = (await listSensorDevices(upstream(ctx.auth.token))).find((x) => x.imei === imei);
  if (d) return d;
  const own = (await listDevices(ctx.auth)).devices.find((x) => x.imei === imei);
  if (!own) throw new Response("Not found", { status: 404 });
  return {
    imei,
    nickname: own.nickname,
    device_type_id: own.deviceTypeId,
    kind: "probe",
    interval_s: 300,
    channels: [],
    latest: {},
  };
}

export type ChannelView = {
  device: SensorDevice;
  channel: Channel;
  limit: SensorLimit | null;
  analysis: Analysis;
};

/** A channel of a device over a range, analysed against its limit (canonical units). */
export async function channelView(
  ctx: ModuleContext,
  imei: string,
  channel: Channel,
  range: { from: number; to: number },
): Promise<ChannelView & { series: Awaited<ReturnType<typeof getSeries>> }> {
  const up = upstream(ctx.auth.token);
  const device = await deviceOf(ctx, imei);
  const none = { imei, channel, unit: "", interval_s: device.interval_s, t: [], v: [], late: [] };
  const [series, limits] = await Promise.all([
    device.channels.some((c) => c.channel === channel)
      ? getSeries(up, { imei, channel, from: range.from, to: range.to })
      : { ...none, from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
    listLimits(up),
  ]);
  const limit = limits.find((l) => l.imei === imei && l.channel === channel) ?? null;
  const analysis = analyse(series, limit ? bandOf(limit) : null, {
    intervalMs: series.interval_s * 1000,
    minDurationMs: (limit?.min_duration_s ?? 0) * 1000,
    temperature: channel === "temperature",
  });
  return { device, channel, limit, analysis, series };
}

export async function devicePage(ctx: ModuleContext, imei: string, url: URL, m: Measurement) {
  const timeZone = await companyTimeZone(ctx.auth);
  const device = await deviceOf(ctx, imei);
  const asked = url.searchParams.get("channel");
  const channel = (device.channels.find((c) => c.channel === asked)?.channel ??
    "temperature") as Channel;
  const range = rangeOf(url, timeZone);
  const limits = (await listLimits(upstream(ctx.auth.token))).filter((l) => l.imei === imei);
  if ("error" in range)
    return {
      device,
      channel,
      timeZone,
      measurement: m,
      range,
      view: null,
      limits,
      canManage: isAllowed(ctx.user, MANAGE_LIMITS),
    };
  const view = await channelView(ctx, imei, channel, range);
  const a = view.analysis;
  const conv = (v: number | null) => (v === null ? null : shown(channel, v, m, 2));
  return {
    device,
    channel,
    timeZone,
    measurement: m,
    range,
    limits,
    canManage: isAllowed(ctx.user, MANAGE_LIMITS),
    view: {
      chart: { t: a.chart.t, v: a.chart.v.map(conv) },
      band: view.limit
        ? { min: conv(bandOf(view.limit).min), max: conv(bandOf(view.limit).max) }
        : null,
      minDurationS: view.limit?.min_duration_s ?? 0,
      gaps: a.gaps,
      excursions: a.excursions.map((e) => ({
        side: e.side,
        start: e.start,
        end: e.end,
        countedMs: e.countedMs,
        openEnded: e.openEnded,
        peak: { t: e.peak.t, v: conv(e.peak.v) },
        alarm: a.alarms.includes(e),
      })),
      stats: {
        samples: a.samples,
        late: a.late,
        min: conv(a.min),
        max: conv(a.max),
        mean: conv(a.mean),
        mkt: conv(a.mkt),
        outMs: a.outMs,
      },
    },
  };
}

export type LimitResult =
  { ok: true; limit: SensorLimit; alerted: number } | { ok: false; message: string };

export async function saveDeviceLimit(
  ctx: ModuleContext,
  imei: string,
  v: LimitForm,
): Promise<LimitResult> {
  const device = await deviceOf(ctx, imei);
  if (!device.channels.some((c) => c.channel === v.channel))
    return { ok: false, message: `${device.nickname} has no ${v.channel} channel` };
  try {
    const limit = await saveLimit(upstream(ctx.auth.token), {
      imei,
      channel: v.channel,
      min: v.min ?? null,
      max: v.max ?? null,
      unit: v.unit,
      min_duration_s: v.duration * 60,
    });
    const alerted = await checkDeviceLimits(ctx.companyId, ctx.auth.token, device, [limit]);
    return { ok: true, limit, alerted };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && e.status === 400) return { ok: false, message: e.message };
    throw e;
  }
}

export async function removeDeviceLimit(ctx: ModuleContext, imei: string, id: number) {
  const up = upstream(ctx.auth.token);
  const limit = (await listLimits(up)).find((l) => l.id === id && l.imei === imei);
  if (!limit) throw new Response("Not found", { status: 404 });
  await deleteLimit(up, id);
  return limit;
}
