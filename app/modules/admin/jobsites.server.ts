/**
 * Jobsites (admin/jobsites, add-jobsite, jobsite/{id}/{primary?}/{secondary?}; jobsites_view to
 * see, geofences_edit to change): the list, adding and editing with the geofence (circle or
 * polygon) and contacts, and a jobsite's page with tabs linked by URL: details (geofence,
 * contacts), vehicles on site now, visits (arrivals and departures of the last 7 days, from trips
 * ending and starting inside the fence), people (timesheet entries booked to the jobsite in the last
 * 24 hours, those clocked on now first) and documents. The fleet map's jobsite layer
 * reads the same upstream list; its cache is cleared on every change.
 */
import { isAllowed } from "~/lib/access";
import { compareText } from "~/lib/text-order";
import { clearJobsiteCache, insideJobsite, listDevices } from "~/modules/fleet/index.server";
import { getTrips } from "~/modules/trips/index.server";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { refusal } from "./people.server";
import {
  createJobsite,
  getJobsite,
  listAdminJobsites,
  listTimesheetEntries,
  updateJobsite,
  type AdminJobsite,
  type Geofence,
  type JobsiteInput,
} from "./jobsites-upstream.server";

export const EDIT_JOBSITES = { permission: "geofences_edit" } as const;
export const TABS = ["details", "vehicles", "visits", "people", "documents"] as const;
export const DETAIL_TABS = ["geofence", "contacts"] as const;

const fenceOf = (g: Geofence) =>
  g.type === "circle"
    ? ({ kind: "circle", lat: g.lat, lng: g.lng, radius: g.radius_meters } as const)
    : ({
        kind: "polygon",
        points: g.points.map((p) => [p.lat, p.lng] as [number, number]),
      } as const);

export async function jobsitesPage(ctx: ModuleContext, url: URL) {
  const all = await listAdminJobsites(upstream(ctx.auth.token));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100).toLowerCase();
  const state = url.searchParams.get("state");
  return {
    jobsites: all
      .filter(
        (j) =>
          (!q || j.name.toLowerCase().includes(q) || j.address.toLowerCase().includes(q)) &&
          (state !== "active" || j.active) &&
          (state !== "inactive" || !j.active),
      )
      .sort((a, b) => compareText(a.name, b.name)),
    total: all.length,
    q,
    state: state === "active" || state === "inactive" ? state : null,
    canEdit: isAllowed(ctx.user, EDIT_JOBSITES),
  };
}

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function own(ctx: ModuleContext, rawId: string | undefined): Promise<AdminJobsite> {
  try {
    return await getJobsite(upstream(ctx.auth.token), idOf(rawId));
  } catch (e) {
    refusal(e);
    throw e;
  }
}

const DAY = 86_400_000;

export async function jobsitePage(
  ctx: ModuleContext,
  params: { id?: string; primary?: string; secondary?: string },
) {
  const site = await own(ctx, params.id);
  const tab = (params.primary ?? "details") as (typeof TABS)[number];
  if (!TABS.includes(tab)) throw new Response("Not found", { status: 404 });
  const sub = (params.secondary ?? (tab === "details" ? "geofence" : undefined)) as
    (typeof DETAIL_TABS)[number] | undefined;
  if (sub !== undefined && (tab !== "details" || !DETAIL_TABS.includes(sub)))
    throw new Response("Not found", { status: 404 });
  const fence = fenceOf(site.geofence);
  let vehicles: { imei: string; nickname: string; since: string | null }[] = [];
  let visits: { imei: string; nickname: string; arrived: string; left: string | null }[] = [];
  let people: { entry: number; name: string; start: string; end: string | null }[] = [];
  if (tab === "people") {
    const now = Date.now();
    const entries = await listTimesheetEntries(upstream(ctx.auth.token), {
      from: new Date(now - DAY).toISOString(),
      to: new Date(now + 60_000).toISOString(),
    });
    // Clocked on now first, then the latest first.
    people = entries
      .filter((e) => e.jobsite_id === site.id)
      .sort(
        (a, b) => Number(a.end !== null) - Number(b.end !== null) || b.start.localeCompare(a.start),
      )
      .slice(0, 200)
      .map((e) => ({ entry: e.id, name: e.person.name, start: e.start, end: e.end }));
  }
  if (tab === "vehicles" || tab === "visits") {
    const { devices } = await listDevices(ctx.auth);
    const nick = new Map(devices.map((d) => [d.imei, d.nickname]));
    if (tab === "vehicles")
      vehicles = devices
        .filter((d) => d.lat !== null && d.lng !== null && insideJobsite(fence, d.lat, d.lng))
        .map((d) => ({ imei: d.imei, nickname: d.nickname, since: d.lastContactAt }));
    else {
      const now = Date.now();
      const { trips } = await getTrips(
        ctx.auth,
        devices.map((d) => d.imei),
        now - 7 * DAY,
        now,
      );
      const byImei = new Map<string, typeof trips>();
      for (const t of trips) byImei.set(t.imei, [...(byImei.get(t.imei) ?? []), t]);
      for (const [imei, list] of byImei) {
        const sorted = [...list].sort((a, b) => a.start.time.localeCompare(b.start.time));
        sorted.forEach((t, i) => {
          if (t.end.lat == null || t.end.lng == null) return;
          if (!insideJobsite(fence, t.end.lat, t.end.lng)) return;
          const next = sorted[i + 1];
          visits.push({
            imei,
            nickname: nick.get(imei) ?? imei,
            arrived: t.end.time,
            left: next ? next.start.time : null,
          });
        });
      }
      visits = visits.sort((a, b) => b.arrived.localeCompare(a.arrived)).slice(0, 200);
    }
  }
  return {
    site,
    tab,
    sub: sub ?? null,
    vehicles,
    visits,
    people,
    canEdit: isAllowed(ctx.user, EDIT_JOBSITES),
  };
}

export type JobsiteFormValues = Record<string, string>;

/** The posted form as the upstream's input, or the first problem per field. */
export function parseJobsiteForm(
  form: FormData,
): { ok: true; input: JobsiteInput } | { ok: false; errors: Record<string, string> } {
  const v = (k: string) => String(form.get(k) ?? "").trim();
  const errors: Record<string, string> = {};
  const name = v("name");
  if (!name) errors.name = "Enter a name";
  else if (name.length > 100) errors.name = "At most 100 characters";
  const num = (k: string, min: number, max: number, what: string) => {
    const n = Number(v(k));
    if (!v(k) || !Number.isFinite(n) || n < min || n > max) {
      errors[k] = what;
      return 0;
    }
    return n;
  };
  let geofence: Geofence;
  if (v("shape") === "polygon") {
    const points = v("points")
      .split(/[\n;]+/)
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => l.split(/[,\s]+/).map(Number));
    if (
      points.length < 3 ||
      points.length > 200 ||
      points.some(
        (p) =>
          p.length !== 2 ||
          p.some((x) => !Number.isFinite(x)) ||
          Math.abs(p[0]!) > 90 ||
          Math.abs(p[1]!) > 180,
      )
    )
      errors.points = "Give 3 to 200 corners, one “latitude, longitude” per line";
    geofence = { type: "polygon", points: points.map(([lat, lng]) => ({ lat: lat!, lng: lng! })) };
  } else {
    geofence = {
      type: "circle",
      lat: num("lat", -90, 90, "Enter a latitude from -90 to 90"),
      lng: num("lng", -180, 180, "Enter a longitude from -180 to 180"),
      radius_meters: num("radius", 10, 100000, "Enter a radius from 10 to 100000 metres"),
    };
  }
  const contact = (p: "primary" | "secondary") => {
    const c = {
      name: v(`${p}_name`),
      phone: v(`${p}_phone`) || null,
      email: v(`${p}_email`) || null,
    };
    if (!c.name && !c.phone && !c.email) return null;
    if (!c.name) errors[`${p}_name`] = "Enter the contact's name";
    if (c.phone && !/^\+?[0-9 ()-]{6,20}$/.test(c.phone))
      errors[`${p}_phone`] = "Enter a phone number like +61 7 3000 0000";
    if (c.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email))
      errors[`${p}_email`] = "Enter an email address like name@example.com";
    return c;
  };
  const input: JobsiteInput = {
    name,
    address: v("address").slice(0, 200),
    active: form.get("active") === "on",
    geofence,
    primary_contact: contact("primary"),
    secondary_contact: contact("secondary"),
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

/** Form values of a jobsite, to fill the edit form. */
export function formValues(j: AdminJobsite | null): JobsiteFormValues {
  const g = j?.geofence;
  const c = (p: "primary" | "secondary") => {
    const x = j?.[`${p}_contact`];
    return {
      [`${p}_name`]: x?.name ?? "",
      [`${p}_phone`]: x?.phone ?? "",
      [`${p}_email`]: x?.email ?? "",
    };
  };
  return {
    name: j?.name ?? "",
    address: j?.address ?? "",
    active: j && !j.active ? "" : "on",
    shape: g?.type ?? "circle",
    lat: g?.type === "circle" ? String(g.lat) : "",
    lng: g?.type === "circle" ? String(g.lng) : "",
    radius: g?.type === "circle" ? String(g.radius_meters) : "200",
    points: g?.type === "polygon" ? g.points.map((p) => `${p.lat}, ${p.lng}`).join("\n") : "",
    ...c("primary"),
    ...c("secondary"),
  };
}

export async function saveJobsite(ctx: ModuleContext, rawId: string | null, input: JobsiteInput) {
  const up = upstream(ctx.auth.token);
  try {
    const site =
      rawId === null ? await createJobsite(up, input) : await updateJobsite(up, idOf(rawId), input);
    clearJobsiteCache();
    return { ok: true as const, site };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}
