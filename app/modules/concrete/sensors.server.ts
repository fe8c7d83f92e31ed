/**
 * Sensors (concrete/sensors, sensor, sensor/{id}) and pour–device links (pour-device-links/{id},
 * pour-device-link/{id}, pour-device-link/{id}/{imei}). A sensor on an active pour cannot join
 * another active pour: the upstream refuses (409) and the form says which pour holds it.
 */
import type { ModuleContext } from "~/services/guard.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { zonedLocalToUtc } from "~/lib/zoned-days";
import type { LinkForm } from "./pour-forms";
import { notFound, pourOf, refusal, up } from "./pours.server";
import {
  createLink,
  deleteLink,
  getReadings,
  getSensor,
  listLinks,
  listPours,
  listSensors,
  registerSensor,
  type PourLink,
} from "./pours-upstream.server";

const DAY = 24 * 3_600_000;

export async function sensorsPage(ctx: ModuleContext, url: URL) {
  const [sensors, pours, timeZone] = await Promise.all([
    listSensors(up(ctx)),
    listPours(up(ctx)),
    companyTimeZone(ctx.auth),
  ]);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100).toLowerCase();
  return {
    q,
    total: sensors.length,
    timeZone,
    rows: sensors
      .filter((s) => !q || s.nickname.toLowerCase().includes(q) || s.imei.includes(q))
      .map((s) => ({
        ...s,
        pour: pours.find((p) => p.id === s.current_pour_id)?.element ?? null,
      })),
  };
}

export async function sensorPage(ctx: ModuleContext, imei: string) {
  let sensor;
  try {
    sensor = await getSensor(up(ctx), imei);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  }
  const [pours, links, timeZone] = await Promise.all([
    listPours(up(ctx)),
    listLinks(up(ctx)),
    companyTimeZone(ctx.auth),
  ]);
  const now = Date.now();
  const readings = await getReadings(up(ctx), imei, new Date(now - DAY), new Date(now));
  return {
    sensor,
    timeZone,
    pour: pours.find((p) => p.id === sensor.current_pour_id) ?? null,
    history: links
      .filter((l) => l.imei === imei)
      .map((l) => ({ ...l, element: pours.find((p) => p.id === l.pour_id)?.element ?? "—" })),
    readings: readings.readings,
  };
}

export async function addSensor(ctx: ModuleContext, v: { imei: string; nickname: string }) {
  try {
    return { ok: true as const, sensor: await registerSensor(up(ctx), v) };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

export async function linksPage(ctx: ModuleContext, pourId: number) {
  const pour = await pourOf(ctx, pourId);
  const [links, sensors, timeZone] = await Promise.all([
    listLinks(up(ctx), pourId),
    listSensors(up(ctx)),
    companyTimeZone(ctx.auth),
  ]);
  return {
    pour: {
      id: pour.id,
      element: pour.element,
      status: pour.status,
      thickness_m: pour.thickness_m,
    },
    timeZone,
    links: links.map((l) => ({
      ...l,
      nickname: sensors.find((s) => s.imei === l.imei)?.nickname ?? l.imei,
      battery: sensors.find((s) => s.imei === l.imei)?.battery ?? null,
    })),
  };
}

export async function linkFormPage(ctx: ModuleContext, pourId: number) {
  const page = await linksPage(ctx, pourId);
  const [sensors, pours] = await Promise.all([listSensors(up(ctx)), listPours(up(ctx))]);
  return {
    ...page,
    sensors: sensors.map((s) => ({
      imei: s.imei,
      nickname: s.nickname,
      busy:
        s.current_pour_id === null
          ? null
          : (pours.find((p) => p.id === s.current_pour_id)?.element ?? null),
    })),
  };
}

export async function saveLink(ctx: ModuleContext, pourId: number, v: LinkForm) {
  const timeZone = await companyTimeZone(ctx.auth);
  const at = (local: string | undefined) =>
    local ? new Date(zonedLocalToUtc(local, timeZone)).toISOString() : null;
  const pour = await pourOf(ctx, pourId);
  try {
    const link = await createLink(up(ctx), {
      pour_id: pourId,
      imei: v.imei,
      position: v.position,
      depth_mm: v.position === "ambient" ? 0 : v.depth_mm,
      from: at(v.from) ?? pour.placed_at,
      to: at(v.to),
    });
    return { ok: true as const, link };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

/** The link of a sensor on a pour, or a 404. */
async function linkOf(ctx: ModuleContext, pourId: number, imei: string): Promise<PourLink> {
  const link = (
    await listLinks(up(ctx), pourId).catch((e) => {
      refusal(e);
      throw e;
    })
  ).find((l) => l.imei === imei);
  if (!link) throw notFound();
  return link;
}

export async function linkPage(ctx: ModuleContext, pourId: number, imei: string) {
  const pour = await pourOf(ctx, pourId);
  const link = await linkOf(ctx, pourId, imei);
  const [sensor, timeZone] = await Promise.all([
    getSensor(up(ctx), imei),
    companyTimeZone(ctx.auth),
  ]);
  const now = Date.now();
  const from = Math.max(Date.parse(link.from), Date.parse(pour.placed_at));
  const ends = [
    now,
    link.to ? Date.parse(link.to) : Infinity,
    pour.ended_at ? Date.parse(pour.ended_at) : Infinity,
  ];
  const to = Math.min(...ends);
  // At most the last 28 days of a long link: the page shows a chart and a table, not an archive.
  const start = Math.max(from, to - 28 * DAY);
  const readings =
    to > start ? (await getReadings(up(ctx), imei, new Date(start), new Date(to))).readings : [];
  return {
    pour: { id: pour.id, element: pour.element },
    link,
    sensor,
    timeZone,
    readings,
  };
}

export async function removeLink(ctx: ModuleContext, pourId: number, imei: string) {
  const link = await linkOf(ctx, pourId, imei);
  await deleteLink(up(ctx), link.id);
}
