/**
 * Plant hire (SPEC §2.3 plant-hire): contracts in (from a supplier) and out (to a customer), each
 * with its utilisation, charge so far, on/off-hire evidence (hire-evidence.ts: trips and the site's
 * fence) and overstay state worked out here from the upstream's usage and "today" in the company's
 * time zone.
 */
import { isAllowed } from "~/lib/access";
import { dayKey } from "~/lib/zoned-days";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { Auth } from "~/services/company-context.server";
import type { ModuleContext } from "~/services/guard.server";
import type { Upstream } from "~/services/upstream/client.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { companyJobsites, listDevices } from "~/modules/fleet/index.server";
import { chargeSoFar, hireDays, hireState, utilisation } from "./hire-maths";
import { stillWorking } from "./hire-evidence";
import { readEvidence } from "./hire-evidence.server";
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

type Sites = Awaited<ReturnType<typeof companyJobsites>>["jobsites"];
type Scope = {
  auth: Auth;
  up: Upstream;
  today: string;
  timeZone: string;
  now: number;
  names: Map<number, string>;
  sites: Sites;
};

/** One contract with everything the pages, the report and the overstay alerts show. */
export async function judged(c: HireContract, s: Scope) {
  const evidence = await readEvidence(s.auth, c, s.sites, s.timeZone, s.now);
  return {
    ...c,
    supplier: c.supplier_id === null ? null : (s.names.get(c.supplier_id) ?? null),
    days: hireDays(c, s.today),
    utilisation: utilisation(c, c.usage, s.today),
    charge: chargeSoFar(c, c.usage, s.today),
    evidence,
    state: hireState(c, s.today, stillWorking(evidence, s.now)),
  };
}
export type JudgedContract = Awaited<ReturnType<typeof judged>>;

/** Reads what judging a company's contracts needs (also for the background overstay check). */
export async function hireScope(auth: Auth, now = Date.now()): Promise<Scope> {
  const up = upstream(auth.token);
  const [suppliers, timeZone, sites] = await Promise.all([
    listSuppliers(up),
    companyTimeZone(auth),
    companyJobsites(auth),
  ]);
  return {
    auth,
    up,
    now,
    timeZone,
    today: dayKey(now, timeZone),
    names: new Map(suppliers.map((x) => [x.id, x.name])),
    sites: sites.jobsites,
  };
}

/** Every contract of the company, judged. */
export async function judgedContracts(s: Scope) {
  const list = await listHireContracts(s.up);
  return Promise.all(list.map((c) => judged(c, s)));
}

async function common(ctx: ModuleContext) {
  const [scope, devices] = await Promise.all([hireScope(ctx.auth), listDevices(ctx.auth)]);
  return {
    scope,
    suppliers: [...scope.names].map(([id, name]) => ({ id, name })),
    assets: devices.devices.map((d) => ({ imei: d.imei, name: d.nickname || d.imei })),
    sites: scope.sites.map((j) => ({ id: j.id, name: j.name })),
    canManage: isAllowed(ctx.user, MANAGE_SUPPLIERS),
  };
}

export async function plantHirePage(ctx: ModuleContext) {
  const c = await common(ctx);
  const assetNames = new Map(c.assets.map((a) => [a.imei, a.name]));
  const contracts = (await judgedContracts(c.scope)).map((x) => ({
    ...x,
    asset: assetNames.get(x.imei) ?? x.imei,
  }));
  return {
    contracts,
    today: c.scope.today,
    timeZone: c.scope.timeZone,
    suppliers: c.suppliers,
    assets: c.assets,
    sites: c.sites,
    canManage: c.canManage,
  };
}

export async function hireContractPage(ctx: ModuleContext, id: number) {
  const c = await common(ctx);
  const contract = await getHireContract(c.scope.up, id).catch((e) => {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  });
  return {
    contract: {
      ...(await judged(contract, c.scope)),
      asset: c.assets.find((a) => a.imei === contract.imei)?.name ?? contract.imei,
    },
    today: c.scope.today,
    timeZone: c.scope.timeZone,
    suppliers: c.suppliers,
    assets: c.assets,
    sites: c.sites,
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
