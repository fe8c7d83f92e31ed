/**
 * Jobsite calls (designed; SPEC lists jobsites among the product's areas without their shape):
 * `GET /jobsites/` lists the caller's company's jobsites with their geofence (the admin jobsite
 * pages, another issue, may add calls for one jobsite and edits). The data is fixed, so it is the
 * same in every run.
 */
import { ok, routes, type Ctx } from "./kit";

type Geofence =
  | { type: "circle"; lat: number; lng: number; radius_meters: number }
  | { type: "polygon"; points: { lat: number; lng: number }[] };
export type SimJobsite = {
  id: number;
  companyid: number;
  name: string;
  address: string;
  geofence: Geofence;
  active: boolean;
};

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

const view = ({ companyid: _c, ...j }: SimJobsite) => j;

function list(ctx: Ctx) {
  return ok(JOBSITES.filter((j) => j.companyid === ctx.user.companyid).map(view));
}

export const jobsiteRoutes = routes([
  // The server strips trailing slashes: this is `GET /jobsites/`.
  ["GET", "/jobsites", list],
]);
