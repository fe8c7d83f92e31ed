/**
 * /dashboard/drivermanagement: the company's drivers (search, group and status filters, licence
 * expiry warnings), add and edit, deactivate after a confirmation, and the vehicle a driver drives
 * (the vehicle's permdriver, written through the fleet module so the fleet map and table show it,
 * with SPEC §8's failure behaviour). Writes need drivers_manage; every id is the company's own.
 */
import { json } from "@remix-run/node";
import { isAllowed } from "~/lib/access";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/parse-form";
import { companyGroupList, setDevicePermDriver } from "~/modules/fleet/index.server";
import type { ModuleContext } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { upstream } from "~/services/api.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { forgetCompany, listDrivers } from "./data.server";
import { driverName } from "./safety.server";
import { driverFormSchema } from "./schemas";
import * as dup from "./upstream.server";
import { forgetVehicles, vehicles } from "./vehicles.server";
import { prisma } from "~/services/db.server";
import { weekStart } from "./safety-compute";
import { expiryWarning } from "./licence";

export { EXPIRY_WARNING_DAYS } from "./licence";
const DAY = 86_400_000;
const PAGE = "/dashboard/drivermanagement";

export type ManagementActionData = {
  intent: "save" | "deactivate" | "assign";
  id?: number | null;
  /** Conform's reply to a refused save. */
  result?: SubmissionResult<string[]>;
  confirmFor?: number;
  alert?: string;
};

const notFound = () => new Response("Not found", { status: 404 });
const forbidden = () => new Response("Forbidden", { status: 403 });

/** The company's driver with this id; anything else (another company's, unknown, malformed) is 404. */
/** The company's driver with this id, or undefined (none, or another company's). */
export async function findDriver(ctx: ModuleContext, id: unknown) {
  const n = Number(id);
  return Number.isInteger(n) ? (await listDrivers(ctx.auth)).find((x) => x.id === n) : undefined;
}

export async function requireDriver(ctx: ModuleContext, id: unknown) {
  const d = await findDriver(ctx, id);
  if (!d) throw notFound();
  return d;
}

export async function managementPage(ctx: ModuleContext, url: URL, now = Date.now()) {
  const p = url.searchParams;
  const q = (p.get("q") ?? "").trim().toLowerCase();
  const group = Number(p.get("group")) || null;
  const status =
    p.get("status") === "inactive" ? "inactive" : p.get("status") === "all" ? "all" : "active";
  const [drivers, groups, cars] = await Promise.all([
    listDrivers(ctx.auth),
    companyGroupList(ctx.auth),
    vehicles(ctx.auth),
  ]);
  const rows = drivers
    .map((d) => {
      const name = driverName(d);
      const car = cars.find((c) => c.permdriver === name);
      return {
        ...d,
        name,
        vehicle: car ? { imei: car.imei, name: car.name } : null,
        groups: groups.filter((g) => d.group_ids.includes(g.id)).map((g) => g.nickname),
        expiryWarning: expiryWarning(d.licence_expiry, now),
      };
    })
    .filter(
      (d) =>
        (!q || `${d.name} ${d.employee_number} ${d.email ?? ""}`.toLowerCase().includes(q)) &&
        (!group || d.group_ids.includes(group)) &&
        (status === "all" || (status === "active") === d.active),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  const unidentified = (
    await dup.driverSessions(upstream(ctx.auth.token), {
      from: new Date(now - 7 * DAY).toISOString(),
      unidentified: true,
    })
  )
    .reverse()
    .slice(0, 50)
    .map((s) => ({ ...s, vehicle: cars.find((c) => c.imei === s.imei)?.name ?? s.imei }));
  const editId = Number(p.get("edit"));
  const editing = drivers.find((d) => d.id === editId) ?? null;
  if (p.get("edit") && !editing) throw notFound();
  return {
    rows,
    q,
    group,
    status,
    groups,
    vehicles: cars.map((c) => ({ imei: c.imei, name: c.name })),
    unidentified,
    activeDrivers: drivers.filter((d) => d.active).map((d) => ({ id: d.id, name: driverName(d) })),
    editing,
    creating: p.get("new") === "1",
    canEdit: isAllowed(ctx.user, { permission: "drivers_manage" }),
  };
}

async function save(ctx: ModuleContext, form: FormData) {
  const sub = parseForm(form, driverFormSchema);
  const id = Number(form.get("id")) || null;
  if (id) await requireDriver(ctx, id);
  if (sub.status !== "success")
    return json<ManagementActionData>({ intent: "save", id, result: sub.reply() }, { status: 400 });
  const { id: _id, ...v } = sub.value;
  const body = {
    ...v,
    employee_number: v.employee_number ?? "",
    phone: v.phone || null,
    email: v.email || null,
    licence_number: v.licence_number || null,
    licence_class: v.licence_class || null,
    licence_expiry: v.licence_expiry || null,
  };
  try {
    const up = upstream(ctx.auth.token);
    const saved = id ? await dup.updateDriver(up, id, body) : await dup.createDriver(up, body);
    forgetCompany(ctx.companyId);
    logInfo("drivers", `user=${ctx.user.username} ${id ? "updated" : "added"} driver=${saved.id}`);
    return redirectWithToast(PAGE, {
      type: "success",
      description: `${driverName(saved)} ${id ? "saved" : "added"}.`,
    });
  } catch (e) {
    if (!isUpstreamError(e) || e.status !== 400) throw e;
    return json<ManagementActionData>(
      { intent: "save", id, result: sub.reply({ formErrors: [e.message] }) },
      { status: 400 },
    );
  }
}

async function setActive(ctx: ModuleContext, form: FormData, active: boolean) {
  const d = await requireDriver(ctx, form.get("id"));
  if (!active && form.get("confirm") !== "yes")
    return json<ManagementActionData>({ intent: "deactivate", confirmFor: d.id });
  await dup.updateDriver(upstream(ctx.auth.token), d.id, { active });
  forgetCompany(ctx.companyId);
  logInfo(
    "drivers",
    `user=${ctx.user.username} ${active ? "reactivated" : "deactivated"} driver=${d.id}`,
  );
  return redirectWithToast(PAGE, {
    type: "success",
    description: `${driverName(d)} ${active ? "reactivated" : "deactivated"}.`,
  });
}

/** The vehicle's permdriver becomes the driver's name (or nobody); SPEC §8 when it fails. */
async function assign(ctx: ModuleContext, form: FormData) {
  const d = await requireDriver(ctx, form.get("id"));
  const imei = String(form.get("imei") ?? "");
  const car = (await vehicles(ctx.auth)).find((v) => v.imei === imei);
  if (!car) throw notFound();
  const r = await setDevicePermDriver(ctx.auth, imei, driverName(d));
  forgetCompany(ctx.companyId);
  // The list reads who drives what from its own minute's cache of the vehicles.
  forgetVehicles(ctx.companyId);
  if (!r.ok) return json<ManagementActionData>({ intent: "assign", id: d.id, alert: r.alert });
  return redirectWithToast(PAGE, {
    type: "success",
    description: `${driverName(d)} now drives ${car.name}.`,
  });
}

/** Unidentified driving: names the driver of a trip after the fact and re-scores its week. */
async function assignTrip(ctx: ModuleContext, form: FormData) {
  const imei = String(form.get("imei") ?? "");
  const tripId = String(form.get("tripId") ?? "");
  if (!(await vehicles(ctx.auth)).some((v) => v.imei === imei)) throw notFound();
  const d = await requireDriver(ctx, form.get("driverId"));
  try {
    const s = await dup.assignTripDriver(upstream(ctx.auth.token), {
      imei,
      trip_id: tripId,
      driver_id: d.id,
    });
    forgetCompany(ctx.companyId);
    await prisma.driverScoreWeek.deleteMany({
      where: { companyId: ctx.companyId, weekStart: new Date(weekStart(Date.parse(s.start))) },
    });
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  }
  logInfo("drivers", `user=${ctx.user.username} assigned trip=${tripId} driver=${d.id}`);
  return redirectWithToast(`${PAGE}#unidentified`, {
    type: "success",
    description: `Trip assigned to ${driverName(d)}; the week is scored again.`,
  });
}

export function managementAction(ctx: ModuleContext, form: FormData) {
  if (!isAllowed(ctx.user, { permission: "drivers_manage" })) throw forbidden();
  return switchIntent(form, {
    save: (f) => save(ctx, f),
    deactivate: (f) => setActive(ctx, f, false),
    reactivate: (f) => setActive(ctx, f, true),
    assign: (f) => assign(ctx, f),
    "assign-trip": (f) => assignTrip(ctx, f),
  });
}
