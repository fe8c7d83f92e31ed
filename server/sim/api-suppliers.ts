/**
 * Suppliers and plant hire contracts (designed for issue 26, SPEC §1 and §2.3 suppliers,
 * plant-hire). `GET|POST /suppliers` (`?kind=` filters), `PUT|DELETE /suppliers/{id}`;
 * `GET|POST /planthire/contracts`, `GET|PUT|DELETE /planthire/contracts/{id}`.
 *
 * One supplier list for every kind (plant hire, concrete, parts, services) so concrete's suppliers
 * (api-concrete-mix.ts, issue 24) can become `kind=concrete` rows later: the field names match
 * (name, address, and each contact's name/phone/email). A supplier a hire contract uses cannot be
 * deleted (409). A contract's asset is a device of the caller's company; its usage (engine hours,
 * ignition and idle time, days on site) comes from the device's working pattern since on-hire.
 * Another company's id, in the path or as a reference in a body, is a 404. Concrete's mix designs
 * name these suppliers (kind concrete): one with mix designs cannot be deleted either (409). A
 * contract may name a jobsite (`jobsite_id`) whose fence is the hire's site. Supplier documents:
 * supplier-documents.ts.
 */
import { HttpError, deviceOf, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { JOBSITES } from "./api-jobsites";
import { seed as concreteSeed } from "./concrete-mix-seed";
import { removeDocumentsOf } from "./supplier-documents";

import {
  DAY_MS,
  SUPPLIER_KINDS,
  nextId,
  seed,
  type Kind,
  type SimHireContract,
  type SimSupplier,
  type SupplierState,
} from "./suppliers-seed";

export type { SupplierState } from "./suppliers-seed";

function data(ctx: Ctx): SupplierState {
  if (!ctx.state.suppliers) ctx.state.suppliers = seed(ctx);
  ctx.state.suppliers.documents ??= [];
  return ctx.state.suppliers;
}
/** The shared supplier list (concrete's mix designs and supplier documents read it too). */
export const supplierState = data;

/** Mix designs (api-concrete-mix.ts) that name the supplier. */
const mixDesignsOf = (ctx: Ctx, id: number) =>
  (ctx.state.concreteMix ??= concreteSeed()).mixDesigns.filter((m) => m.supplier_id === id).length;

function text(v: unknown, field: string, max: number, required = false): string {
  if (v !== undefined && v !== null && typeof v !== "string")
    throw new HttpError(400, `${field} must be text`);
  const t = ((v as string | undefined) ?? "").trim();
  if (required && !t) throw new HttpError(400, `${field} is required`);
  if (t.length > max) throw new HttpError(400, `${field} has at most ${max} characters`);
  return t;
}

/** An Australian Business Number's checksum (11 digits, weighted, mod 89). */
function validAbn(digits: string): boolean {
  const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((s, d, i) => s + (Number(d) - (i === 0 ? 1 : 0)) * w[i]!, 0);
  return sum % 89 === 0;
}

function taxId(v: unknown): string {
  const t = text(v, "tax_id", 30);
  if (!t) return "";
  const digits = t.replace(/\s/g, "");
  if (/^\d{11}$/.test(digits)) {
    if (!validAbn(digits)) throw new HttpError(400, "tax_id is not a valid ABN");
    return t;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{3,29}$/.test(t))
    throw new HttpError(400, "tax_id must be an ABN or a tax number of letters and digits");
  return t;
}

function supplierInput(ctx: Ctx, body: unknown, self: number | null) {
  const b = obj(body);
  const name = text(b.name, "name", 120, true);
  if (!SUPPLIER_KINDS.includes(b.kind as Kind))
    throw new HttpError(400, `kind must be one of ${SUPPLIER_KINDS.join(", ")}`);
  const clash = data(ctx).suppliers.find(
    (s) =>
      s.companyid === ctx.user.companyid &&
      s.id !== self &&
      s.name.toLowerCase() === name.toLowerCase(),
  );
  if (clash) throw new HttpError(409, `A supplier named ${name} already exists`);
  const raw = b.contacts ?? [];
  if (!Array.isArray(raw) || raw.length > 10)
    throw new HttpError(400, "contacts must be a list of at most 10");
  const contacts = raw
    .map((r, i) => {
      const c = obj(r);
      const email = text(c.email, `contact ${i + 1}: email`, 200);
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new HttpError(400, `contact ${i + 1}: email must be an email address`);
      return {
        name: text(c.name, `contact ${i + 1}: name`, 120),
        phone: text(c.phone, `contact ${i + 1}: phone`, 40),
        email,
      };
    })
    .filter((c) => c.name || c.phone || c.email);
  return {
    name,
    kind: b.kind as Kind,
    contacts,
    tax_id: taxId(b.tax_id),
    address: text(b.address, "address", 300),
    notes: text(b.notes, "notes", 1000),
  };
}

function own<T extends { id: number; companyid: number }>(ctx: Ctx, list: T[], what: string): T {
  const id = Number(idOf(ctx));
  const x = list.find((r) => r.id === id && r.companyid === ctx.user.companyid);
  if (!x) throw new HttpError(404, `${what} not found`);
  return x;
}

const supplierView = (ctx: Ctx, d: SupplierState) => (s: SimSupplier) => {
  const { companyid: _c, ...rest } = s;
  return {
    ...rest,
    contracts: d.contracts.filter((c) => c.supplier_id === s.id).length,
    mix_designs: mixDesignsOf(ctx, s.id),
    documents: (d.documents ?? []).filter((x) => x.supplier_id === s.id).length,
  };
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function contractInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  if (b.direction !== "in" && b.direction !== "out")
    throw new HttpError(400, "direction must be in or out");
  const device = deviceOf(ctx, b.imei);
  let supplier_id: number | null = null;
  let customer = "";
  if (b.direction === "in") {
    const id = Number(b.supplier_id);
    const s = data(ctx).suppliers.find((x) => x.id === id && x.companyid === ctx.user.companyid);
    if (!s) throw new HttpError(404, "Supplier not found");
    supplier_id = s.id;
  } else customer = text(b.customer, "customer", 120, true);
  const day = (v: unknown, f: string) => {
    if (typeof v !== "string" || !DAY.test(v) || Number.isNaN(Date.parse(v)))
      throw new HttpError(400, `${f} must be a date`);
    return v;
  };
  const on_hire = day(b.on_hire, "on_hire");
  const off_hire = day(b.off_hire, "off_hire");
  if (off_hire < on_hire) throw new HttpError(400, "off_hire must not be before on_hire");
  const money = (v: unknown, f: string) => {
    const n = Number(v ?? 0);
    if (!Number.isFinite(n) || n < 0 || n > 10_000_000)
      throw new HttpError(400, `${f} must be an amount of 0 or more`);
    return Math.round(n * 100) / 100;
  };
  if (b.rate_unit !== "hour" && b.rate_unit !== "day" && b.rate_unit !== "week")
    throw new HttpError(400, "rate_unit must be hour, day or week");
  const rate = money(b.rate, "rate");
  if (rate <= 0) throw new HttpError(400, "rate must be more than 0");
  return {
    direction: b.direction as "in" | "out",
    imei: device.imei,
    supplier_id,
    customer,
    on_hire,
    off_hire,
    rate,
    rate_unit: b.rate_unit as SimHireContract["rate_unit"],
    minimum_charge: money(b.minimum_charge, "minimum_charge"),
    notes: text(b.notes, "notes", 1000),
    jobsite_id: jobsiteOf(ctx, b.jobsite_id),
  };
}

/** The hire's site: one of the company's jobsites, or none (404 for another company's). */
function jobsiteOf(ctx: Ctx, v: unknown): number | null {
  if (v === undefined || v === null || v === "") return null;
  const id = Number(v);
  const sites = ctx.state.jobsites?.sites ?? JOBSITES;
  if (!sites.some((j) => j.id === id && j.companyid === ctx.user.companyid))
    throw new HttpError(404, "Jobsite not found");
  return id;
}

/** What the device did between on-hire and now (or off-hire): works daily_hours on weekdays. */
function usage(c: SimHireContract, now: number) {
  const start = Date.parse(`${c.on_hire}T00:00:00Z`);
  const end = Math.min(now, Date.parse(`${c.off_hire}T00:00:00Z`) + DAY_MS);
  let days = 0;
  let hours = 0;
  for (let t = start; t < end; t += DAY_MS) {
    const wd = new Date(t).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const part = Math.min(1, (end - t) / DAY_MS);
    days++;
    hours += c.daily_hours * part;
  }
  const ignition = Math.round(hours * 1.25 * 10) / 10;
  return {
    engine_hours: Math.round(hours * 10) / 10,
    ignition_hours: ignition,
    idle_hours: Math.round((ignition - hours) * 10) / 10,
    days_on_site: days,
    as_of: new Date(now).toISOString(),
  };
}

const contractView = (now: number) => (c: SimHireContract) => {
  const { companyid: _c, daily_hours: _d, ...rest } = c;
  return { ...rest, usage: usage(c, now) };
};

export const supplierRoutes = routes([
  [
    "GET",
    "/suppliers",
    (ctx) => {
      const d = data(ctx);
      const kind = ctx.query.get("kind");
      return ok(
        d.suppliers
          .filter((s) => s.companyid === ctx.user.companyid && (!kind || s.kind === kind))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(supplierView(ctx, d)),
      );
    },
  ],
  [
    "POST",
    "/suppliers",
    (ctx) => {
      const d = data(ctx);
      const s: SimSupplier = {
        id: nextId(d),
        companyid: ctx.user.companyid,
        ...supplierInput(ctx, ctx.body, null),
      };
      d.suppliers.push(s);
      return ok(supplierView(ctx, d)(s), 201);
    },
  ],
  [
    "PUT",
    "/suppliers/:id",
    (ctx) => {
      const d = data(ctx);
      const s = own(ctx, d.suppliers, "Supplier");
      return ok(supplierView(ctx, d)(Object.assign(s, supplierInput(ctx, ctx.body, s.id))));
    },
  ],
  [
    "DELETE",
    "/suppliers/:id",
    (ctx) => {
      const d = data(ctx);
      const s = own(ctx, d.suppliers, "Supplier");
      const n = d.contracts.filter((c) => c.supplier_id === s.id).length;
      if (n > 0)
        throw new HttpError(
          409,
          `${s.name} is the supplier of ${n} hire contract${n === 1 ? "" : "s"}: delete or change ${n === 1 ? "it" : "them"} first`,
        );
      const m = mixDesignsOf(ctx, s.id);
      if (m > 0)
        throw new HttpError(
          409,
          `${s.name} supplies ${m} mix design${m === 1 ? "" : "s"}: delete or move them first`,
        );
      d.suppliers = d.suppliers.filter((x) => x.id !== s.id);
      removeDocumentsOf(ctx, d, s.id);
      return ok({ id: s.id });
    },
  ],
  [
    "GET",
    "/planthire/contracts",
    (ctx) =>
      ok(
        data(ctx)
          .contracts.filter((c) => c.companyid === ctx.user.companyid)
          .sort((a, b) => a.off_hire.localeCompare(b.off_hire))
          .map(contractView(ctx.now)),
      ),
  ],
  [
    "GET",
    "/planthire/contracts/:id",
    (ctx) => ok(contractView(ctx.now)(own(ctx, data(ctx).contracts, "Hire contract"))),
  ],
  [
    "POST",
    "/planthire/contracts",
    (ctx) => {
      const d = data(ctx);
      const input = contractInput(ctx, ctx.body);
      const c: SimHireContract = {
        id: nextId(d),
        companyid: ctx.user.companyid,
        ...input,
        // A steady machine: 4 to 8 hours a working day, fixed by its imei.
        daily_hours: 4 + (Number(input.imei.slice(-2)) % 5),
      };
      d.contracts.push(c);
      return ok(contractView(ctx.now)(c), 201);
    },
  ],
  [
    "PUT",
    "/planthire/contracts/:id",
    (ctx) => {
      const c = own(ctx, data(ctx).contracts, "Hire contract");
      return ok(contractView(ctx.now)(Object.assign(c, contractInput(ctx, ctx.body))));
    },
  ],
  [
    "DELETE",
    "/planthire/contracts/:id",
    (ctx) => {
      const d = data(ctx);
      const c = own(ctx, d.contracts, "Hire contract");
      d.contracts = d.contracts.filter((x) => x.id !== c.id);
      return ok({ id: c.id });
    },
  ],
]);
