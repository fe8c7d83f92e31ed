/** The simulator's suppliers and hire contracts (api-suppliers.ts): types and the seeded demo data. */
import type { Ctx } from "./kit";

export const SUPPLIER_KINDS = ["plant_hire", "concrete", "parts", "services"] as const;
export type Kind = (typeof SUPPLIER_KINDS)[number];
type Contact = { name: string; phone: string; email: string };

export type SimSupplier = {
  id: number;
  companyid: number;
  name: string;
  kind: Kind;
  contacts: Contact[];
  tax_id: string;
  address: string;
  notes: string;
};

export type SimHireContract = {
  id: number;
  companyid: number;
  direction: "in" | "out";
  imei: string;
  supplier_id: number | null;
  customer: string;
  on_hire: string;
  off_hire: string;
  rate: number;
  rate_unit: "hour" | "day" | "week";
  minimum_charge: number;
  notes: string;
  /** The jobsite whose fence is the hire's site (on/off-hire evidence), when chosen. */
  jobsite_id: number | null;
  /** Hours the machine works on a working day (the simulated pattern behind its usage). */
  daily_hours: number;
};

/** A supplier's document (insurance certificate, rate card, …): its body is a stored blob. */
export type SimSupplierDocument = {
  id: number;
  companyid: number;
  supplier_id: number;
  name: string;
  content_type: string;
  size: number;
  blob: string;
  uploaded_at: string;
};

export type SupplierState = {
  seq: number;
  suppliers: SimSupplier[];
  contracts: SimHireContract[];
  /** Added after the first release: absent in older saved states. */
  documents?: SimSupplierDocument[];
};

export const DAY_MS = 86_400_000;
/** The seeded concrete suppliers' ids (concrete-mix-seed.ts's mix designs name them). */
export const CONCRETE_SUPPLIER_IDS = [2401, 2402, 2403] as const;

/** The next free id (seeded rows keep ids of their own, e.g. the concrete suppliers). */
export function nextId(d: SupplierState): number {
  const taken = new Set([...d.suppliers, ...d.contracts, ...(d.documents ?? [])].map((x) => x.id));
  while (taken.has(++d.seq));
  return d.seq;
}
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export function seed(ctx: Ctx): SupplierState {
  const s = (
    companyid: number,
    name: string,
    kind: Kind,
    contact: Contact,
    tax_id: string,
    address: string,
  ): Omit<SimSupplier, "id"> => ({
    companyid,
    name,
    kind,
    contacts: [contact],
    tax_id,
    address,
    notes: "",
  });
  const suppliers = [
    s(
      1,
      "Coates Hire",
      "plant_hire",
      { name: "Jo Park", phone: "+61 2 9000 1000", email: "jo@coates.example" },
      "99 074 126 971",
      "1 Depot Rd, Sydney NSW",
    ),
    s(
      1,
      "Kennards Hire",
      "plant_hire",
      { name: "Sam Lee", phone: "+61 2 9000 2000", email: "sam@kennards.example" },
      "",
      "12 Yard St, Parramatta NSW",
    ),
    s(
      1,
      "Boral Concrete",
      "concrete",
      { name: "Ana Cruz", phone: "+61 2 9000 3000", email: "orders@boral.example" },
      "",
      "3 Quarry Rd, Penrith NSW",
    ),
    s(1, "Truck Parts Direct", "parts", { name: "", phone: "+61 2 9000 4000", email: "" }, "", ""),
    s(
      2,
      "Northern Plant",
      "plant_hire",
      { name: "Kim", phone: "", email: "kim@northern.example" },
      "",
      "",
    ),
  ].map((x, i) => ({ ...x, id: 901 + i }));
  // Concrete's ready-mix plants (issue 24), with the ids its seeded mix designs name.
  const concrete = [
    s(
      1,
      "Brisbane Ready Mix",
      "concrete",
      {
        name: "Dana Whitlock",
        phone: "07 3555 0142",
        email: "orders@brisbanereadymix.example",
      },
      "",
      "12 Quarry Rd, Pinkenba QLD",
    ),
    s(
      1,
      "Moreton Bay Concrete",
      "concrete",
      { name: "Ravi Prasad", phone: "07 3555 0199", email: "dispatch@moretonconcrete.example" },
      "",
      "4 Kiln St, Narangba QLD",
    ),
    s(
      2,
      "Southside Mix Co",
      "concrete",
      { name: "Lee Chan", phone: "07 3555 0300", email: "lee@southsidemix.example" },
      "",
      "90 Ipswich Rd, Woolloongabba QLD",
    ),
  ].map((x, i) => ({ ...x, id: CONCRETE_SUPPLIER_IDS[i]! }));
  const imei = (company: number, i: number) => {
    const list = ctx.state.world.devicesByCompany.get(company) ?? [];
    return list.length ? list[i % list.length]!.imei : "";
  };
  const today = Math.floor(ctx.now / DAY_MS) * DAY_MS;
  const c = (
    companyid: number,
    direction: "in" | "out",
    device: number,
    supplier_id: number | null,
    customer: string,
    from: number,
    to: number,
    rate: number,
    rate_unit: SimHireContract["rate_unit"],
    daily_hours: number,
  ): Omit<SimHireContract, "id"> => ({
    companyid,
    direction,
    imei: imei(companyid, device),
    supplier_id,
    customer,
    on_hire: isoDay(today + from * DAY_MS),
    off_hire: isoDay(today + to * DAY_MS),
    rate,
    rate_unit,
    minimum_charge: rate_unit === "hour" ? rate * 8 : rate,
    notes: "",
    jobsite_id: null,
    daily_hours,
  });
  const contracts = [
    c(1, "in", 10, 901, "", -20, 10, 450, "day", 6.5),
    c(1, "in", 11, 902, "", -12, 1, 1800, "week", 2),
    c(1, "out", 12, null, "Westside Builders", -5, 25, 95, "hour", 7),
    c(2, "in", 3, 905, "", -3, 30, 300, "day", 5),
  ].map((x, i) => ({ ...x, id: 951 + i }));
  return { seq: 1000, suppliers: [...suppliers, ...concrete], contracts, documents: [] };
}
