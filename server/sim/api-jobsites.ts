/**
 * Jobsite calls (designed; SPEC lists jobsites among the product's areas without their shape):
 * `GET /jobsites/` lists the caller's company's jobsites with their geofence and contacts;
 * `GET /jobsites/{id}`, `POST /jobsites`, `PUT /jobsites/{id}` read, add and edit one (the admin
 * jobsite pages). Seeded from the fixed list below on first use; writes are journaled.
 */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";

type Geofence =
  | { type: "circle"; lat: number; lng: number; radius_meters: number }
  | { type: "polygon"; points: { lat: number; lng: number }[] };
export type Contact = { name: string; phone: string | null; email: string | null };
export type SimJobsite = {
  id: number;
  companyid: number;
  name: string;
  address: string;
  geofence: Geofence;
  active: boolean;
  primary_contact?: Contact | null;
  secondary_contact?: Contact | null;
};
export type JobsiteState = { seq: number; sites: SimJobsite[] };

const circle = (lat: number, lng: number, radius_meters: number): Geofence => ({
  type: "circle",
  lat,
  lng,
  radius_meters,
});
const polygon = (...pts: [number, number][]): Geofence => ({
  type: "polygon",
  points: pts.map(([lat, lng]) => ({ lat, lng })),
});

export const JOBSITES: readonly SimJobsite[] = [
  {
    id: 101,
    companyid: 1,
    name: "Port of Brisbane Berth 9",
    address: "Fisherman Islands QLD 4178",
    active: true,
    geofence: polygon(
      [-27.3795, 153.1601],
      [-27.3768, 153.1672],
      [-27.3829, 153.1698],
      [-27.3856, 153.1628],
    ),
  },
  {
    id: 102,
    companyid: 1,
    name: "Eagle Farm Distribution Centre",
    address: "Schneider Rd, Eagle Farm QLD 4009",
    active: true,
    geofence: circle(-27.4318, 153.0885, 350),
  },
  {
    id: 103,
    companyid: 1,
    name: "Rocklea Markets",
    address: "385 Sherwood Rd, Rocklea QLD 4106",
    active: true,
    geofence: circle(-27.5398, 152.9958, 400),
  },
  {
    id: 104,
    companyid: 1,
    name: "Murarrie Yard",
    address: "Colmslie Rd, Murarrie QLD 4172",
    active: true,
    geofence: polygon(
      [-27.4602, 153.0968],
      [-27.4588, 153.1021],
      [-27.4631, 153.1035],
      [-27.4645, 153.0979],
    ),
  },
  {
    id: 105,
    companyid: 1,
    name: "Queens Wharf Site",
    address: "William St, Brisbane City QLD 4000",
    active: true,
    geofence: circle(-27.4726, 153.0222, 180),
  },
  {
    id: 201,
    companyid: 2,
    name: "Moorooka Workshop",
    address: "Beaudesert Rd, Moorooka QLD 4105",
    active: true,
    geofence: circle(-27.5342, 153.0248, 250),
  },
  {
    id: 202,
    companyid: 2,
    name: "Annerley Units Renovation",
    address: "Ipswich Rd, Annerley QLD 4103",
    active: true,
    geofence: polygon(
      [-27.5101, 153.0321],
      [-27.5093, 153.0347],
      [-27.5117, 153.0355],
      [-27.5124, 153.0329],
    ),
  },
];

function data(ctx: Ctx): JobsiteState {
  ctx.state.jobsites ??= {
    seq: 900,
    sites: JOBSITES.map((j) => ({
      ...j,
      geofence: structuredClone(j.geofence),
      primary_contact:
        j.id === 101 ? { name: "Wharf office", phone: "+61 7 3258 4888", email: null } : null,
      secondary_contact: null,
    })),
  };
  return ctx.state.jobsites;
}

const view = ({ companyid: _c, ...j }: SimJobsite) => ({
  ...j,
  primary_contact: j.primary_contact ?? null,
  secondary_contact: j.secondary_contact ?? null,
});

function list(ctx: Ctx) {
  return ok(
    data(ctx)
      .sites.filter((j) => j.companyid === ctx.user.companyid)
      .map(view),
  );
}

function own(ctx: Ctx) {
  const id = Number(idOf(ctx));
  const j = data(ctx).sites.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!j) throw new HttpError(404, "Jobsite not found");
  return j;
}

const coord = (v: unknown, field: string, max: number) => {
  const n = typeof v === "number" ? v : NaN;
  if (!Number.isFinite(n) || Math.abs(n) > max) throw new HttpError(400, `${field} is not valid`);
  return n;
};

function geofence(v: unknown): Geofence {
  const g = obj(v);
  if (g.type === "circle") {
    const r = g.radius_meters;
    if (typeof r !== "number" || !(r >= 10 && r <= 100_000))
      throw new HttpError(400, "geofence.radius_meters must be from 10 to 100000");
    return circle(coord(g.lat, "geofence.lat", 90), coord(g.lng, "geofence.lng", 180), r);
  }
  if (g.type === "polygon") {
    if (!Array.isArray(g.points) || g.points.length < 3 || g.points.length > 200)
      throw new HttpError(400, "geofence.points must have 3 to 200 points");
    return {
      type: "polygon",
      points: g.points.map((p: unknown) => {
        const o = obj(p);
        return {
          lat: coord(o.lat, "geofence.points.lat", 90),
          lng: coord(o.lng, "geofence.points.lng", 180),
        };
      }),
    };
  }
  throw new HttpError(400, "geofence.type must be circle or polygon");
}

function contact(v: unknown, field: string): Contact | null {
  if (v === null || v === undefined) return null;
  const c = obj(v);
  const name = typeof c.name === "string" ? c.name.trim() : "";
  const phone = typeof c.phone === "string" && c.phone.trim() ? c.phone.trim() : null;
  const email = typeof c.email === "string" && c.email.trim() ? c.email.trim() : null;
  if (!name && !phone && !email) return null;
  if (!name || name.length > 80)
    throw new HttpError(400, `${field}.name is required (at most 80 characters)`);
  if (phone && !/^\+?[0-9 ()-]{6,20}$/.test(phone))
    throw new HttpError(400, `${field}.phone is not a valid phone number`);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new HttpError(400, `${field}.email is not a valid email address`);
  return { name, phone, email };
}

function input(ctx: Ctx, self: number | null) {
  const b = obj(ctx.body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 100)
    throw new HttpError(400, "name is required (at most 100 characters)");
  if (
    data(ctx).sites.some(
      (j) =>
        j.companyid === ctx.user.companyid &&
        j.id !== self &&
        j.name.toLowerCase() === name.toLowerCase(),
    )
  )
    throw new HttpError(409, `A jobsite named ${name} already exists`);
  const address = typeof b.address === "string" ? b.address.trim().slice(0, 200) : "";
  return {
    name,
    address,
    active: b.active !== false,
    geofence: geofence(b.geofence),
    primary_contact: contact(b.primary_contact, "primary_contact"),
    secondary_contact: contact(b.secondary_contact, "secondary_contact"),
  };
}

export const jobsiteRoutes = routes([
  // The server strips trailing slashes: this is `GET /jobsites/`.
  ["GET", "/jobsites", list],
  ["GET", "/jobsites/:id", (ctx) => ok(view(own(ctx)))],
  [
    "POST",
    "/jobsites",
    (ctx) => {
      const d = data(ctx);
      const j: SimJobsite = { id: ++d.seq, companyid: ctx.user.companyid, ...input(ctx, null) };
      d.sites.push(j);
      return ok(view(j), 201);
    },
  ],
  [
    "PUT",
    "/jobsites/:id",
    (ctx) => {
      const j = own(ctx);
      return ok(view(Object.assign(j, input(ctx, j.id))));
    },
  ],
]);

/** The caller's company's jobsite by id, else a 404 (jobsite documents name their jobsite). */
export function companyJobsite(ctx: Ctx, raw: unknown): SimJobsite {
  const id = Number(raw);
  const j = data(ctx).sites.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!j) throw new HttpError(404, "Jobsite not found");
  return j;
}
