/**
 * Plant hire (SPEC §2.3 plant-hire): contracts in (from a supplier) and out (to a customer), each
 * with its utilisation, charge so far and overstay state worked out here (hire-maths.ts) from the
 * upstream's usage and "today" in the company's time zone.
 */
import { isAllowed } from "~/lib/access";
import { dayKey } from "~/lib/zoned-days";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { listDevices } from "~/modules/fleet/index.server";
import { chargeSoFar, hireDays, hireState, utilisation } from "./hire-maths";
import type { HireForm } from "./hire-form";
import { MANAGE_SUPPLIERS } from "./rules";
import {
  createHireContract,
  deleteHireContract,
  getHireContract,
  listHireContracts,
  listSuppliers,
  updateHireContract,
  type HireContract,
} from "./suppliers-upstream.server";

function judged(c: HireContract, today: string, names: Map<number, string>) {
  return {
    ...c,
    supplier: c.supplier_id === null ? null : (names.get(c.supplier_id) ?? null),
    days: hireDays(c, today),
    utilisation: utilisation(c, c.usage, today),
    charge: chargeSoFar(c, c.usage, today),
    // Off-hire evidence (geofence exit, hours stopping) is not read yet: a machine on hire is taken as working.
    state: hireState(c, today, true),
  };
}

async function common(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [suppliers, devices, timeZone] = await Promise.all([
    listSuppliers(up),
    listDevices(ctx.auth),
    companyTimeZone(ctx.auth),
  ]);
  return {
    up,
    today: dayKey(Date.now(), timeZone),
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name })),
    assets: devices.devices.map((d) => ({ imei: d.imei, name: d.nickname || d.imei })),
    canManage: isAllowed(ctx.user, MANAGE_SUPPLIERS),
  };
}

export async function plantHirePage(ctx: ModuleContext) {
  const c = await common(ctx);
  const names = new Map(c.suppliers.map((s) => [s.id, s.name]));
  const assetNames = new Map(c.assets.map((a) => [a.imei, a.name]));
  const contracts = (await listHireContracts(c.up)).map((x) => ({
    ...judged(x, c.today, names),
    asset: assetNames.get(x.imei) ?? x.imei,
  }));
  return {
    contracts,
    today: c.today,
    suppliers: c.suppliers,
    assets: c.assets,
    canManage: c.canManage,
  };
}

export async function hireContractPage(ctx: ModuleContext, id: number) {
  const c = await common(ctx);
  const contract = await getHireContract(c.up, id).catch((e) => {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  });
  const names = new Map(c.suppliers.map((s) => [s.id, s.name]));
  return {
    contract: {
      ...judged(contract, c.today, names),
      asset: c.assets.find((a) => a.imei === contract.imei)?.name ?? contract.imei,
    },
    today: c.today,
    suppliers: c.suppliers,
    assets: c.assets,
    canManage: c.canManage,
  };
}

async function refusingNicely<T>(run: () => Promise<T>) {
  try {
    return { ok: true as const, value: await run() };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false as const, message: e.message };
    throw e;
  }
}

export function saveHireContract(ctx: ModuleContext, id: number | null, v: HireForm) {
  const input = {
    direction: v.direction,
    imei: v.imei,
    supplier_id: v.direction === "in" ? (v.supplier_id ?? null) : null,
    customer: v.direction === "out" ? v.customer : "",
    on_hire: v.on_hire,
    off_hire: v.off_hire,
    rate: v.rate,
    rate_unit: v.rate_unit,
    minimum_charge: v.minimum_charge,
    notes: v.notes,
    jobsite_id: v.jobsite_id ?? null,
  };
  const up = upstream(ctx.auth.token);
  return refusingNicely(() =>
    id === null ? createHireContract(up, input) : updateHireContract(up, id, input),
  );
}

export const removeHireContract = (ctx: ModuleContext, id: number) =>
  refusingNicely(() => deleteHireContract(upstream(ctx.auth.token), id));
