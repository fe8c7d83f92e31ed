/**
 * Job codes (designed; SPEC §2.8 lists jobcodes, §6 codes_view): what timesheet entries are booked
 * to. `GET /timesheet/jobcodes`, `POST /timesheet/jobcodes`, `PUT /timesheet/jobcodes/{id}`,
 * `DELETE /timesheet/jobcodes/{id}`. A code is unique within the company; a code that timesheet
 * entries use (`in_use` > 0) cannot be deleted (409), only made inactive. Another company's id is
 * a 404. Writes are journaled by the HTTP layer, so they survive a restart.
 */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";

export type SimJobCode = {
  id: number;
  companyid: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
  effective_from: string | null;
  effective_to: string | null;
  /** Timesheet entries booked to it (seeded; the timesheet calls will count their own). */
  in_use: number;
};
export type JobCodeState = { seq: number; codes: SimJobCode[] };

const SEED: Array<Omit<SimJobCode, "id" | "companyid"> & { companyid?: number }> = [
  {
    code: "GEN-001",
    name: "General labour",
    description: "Yard and depot work",
    active: true,
    effective_from: null,
    effective_to: null,
    in_use: 42,
  },
  {
    code: "DRV-100",
    name: "Driving",
    description: "Deliveries and transfers",
    active: true,
    effective_from: null,
    effective_to: null,
    in_use: 118,
  },
  {
    code: "MNT-200",
    name: "Vehicle maintenance",
    description: "Workshop time on fleet vehicles",
    active: true,
    effective_from: "2026-01-01",
    effective_to: null,
    in_use: 17,
  },
  {
    code: "TRN-300",
    name: "Training",
    description: "Inductions and courses",
    active: true,
    effective_from: null,
    effective_to: null,
    in_use: 0,
  },
  {
    code: "OLD-900",
    name: "Port project 2025",
    description: "Closed project",
    active: false,
    effective_from: "2025-02-01",
    effective_to: "2025-12-19",
    in_use: 64,
  },
  {
    companyid: 2,
    code: "CX-1",
    name: "Northern contract",
    description: "",
    active: true,
    effective_from: null,
    effective_to: null,
    in_use: 3,
  },
];

/** Also read by the timesheet calls (api-timesheets.ts), which count the entries booked to a code. */
export function data(ctx: Ctx): JobCodeState {
  if (!ctx.state.jobCodes)
    ctx.state.jobCodes = {
      seq: 700,
      codes: SEED.map((c, i) => ({ ...c, id: 701 + i, companyid: c.companyid ?? 1 })),
    };
  if (ctx.state.jobCodes.seq < 700 + SEED.length) ctx.state.jobCodes.seq = 700 + SEED.length;
  return ctx.state.jobCodes;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function input(ctx: Ctx, body: unknown, self: number | null) {
  const b = obj(body);
  const code = typeof b.code === "string" ? b.code.trim().toUpperCase() : "";
  if (!/^[A-Z0-9][A-Z0-9-]{0,19}$/.test(code))
    throw new HttpError(400, "code must be 1–20 letters, digits or dashes");
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 80)
    throw new HttpError(400, "name is required (at most 80 characters)");
  const description = typeof b.description === "string" ? b.description.trim().slice(0, 500) : "";
  const day = (v: unknown, field: string) => {
    if (v === null || v === undefined || v === "") return null;
    if (typeof v !== "string" || !DAY.test(v)) throw new HttpError(400, `${field} must be a date`);
    return v;
  };
  const effective_from = day(b.effective_from, "effective_from");
  const effective_to = day(b.effective_to, "effective_to");
  if (effective_from && effective_to && effective_to < effective_from)
    throw new HttpError(400, "effective_to must not be before effective_from");
  const clash = data(ctx).codes.find(
    (c) => c.companyid === ctx.user.companyid && c.code === code && c.id !== self,
  );
  if (clash) throw new HttpError(409, `Job code ${code} already exists`);
  return { code, name, description, active: b.active !== false, effective_from, effective_to };
}

function own(ctx: Ctx): SimJobCode {
  const id = Number(idOf(ctx));
  const c = data(ctx).codes.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!c) throw new HttpError(404, "Job code not found");
  return c;
}

const view = ({ companyid: _c, ...c }: SimJobCode) => c;

export const jobCodeRoutes = routes([
  [
    "GET",
    "/timesheet/jobcodes",
    (ctx) =>
      ok(
        data(ctx)
          .codes.filter((c) => c.companyid === ctx.user.companyid)
          .sort((a, b) => a.code.localeCompare(b.code))
          .map(view),
      ),
  ],
  [
    "POST",
    "/timesheet/jobcodes",
    (ctx) => {
      const d = data(ctx);
      const c: SimJobCode = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...input(ctx, ctx.body, null),
        in_use: 0,
      };
      d.codes.push(c);
      return ok(view(c), 201);
    },
  ],
  [
    "PUT",
    "/timesheet/jobcodes/:id",
    (ctx) => {
      const c = own(ctx);
      return ok(view(Object.assign(c, input(ctx, ctx.body, c.id))));
    },
  ],
  [
    "DELETE",
    "/timesheet/jobcodes/:id",
    (ctx) => {
      const c = own(ctx);
      if (c.in_use > 0)
        throw new HttpError(
          409,
          `${c.code} is used by ${c.in_use} timesheet entries: make it inactive instead`,
        );
      const d = data(ctx);
      d.codes = d.codes.filter((x) => x.id !== c.id);
      return ok({ id: c.id });
    },
  ],
]);
