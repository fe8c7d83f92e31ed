/**
 * Concrete pours, their sensors and limits (designed; SPEC §2.4 names the screens, issue 24 the
 * data). Sensors are the company's devices of type 77 plus probes registered here; their readings
 * (every 15 minutes) and the jobsites' weather are computed on request (concrete-readings.ts).
 *
 * `GET|POST /concrete/sensors`, `GET /concrete/sensors/{imei}`, `GET /concrete/readings?imei=&from=&to=` (`{imei, interval_s, start, temperatures}`),
 * `GET /concrete/weather?jobsite_id=&from=&to=`, `GET|POST /concrete/pours`, `GET|PUT
 * /concrete/pours/{id}`, `POST /concrete/poursignoff/{id}`, `GET|POST /concrete/pourlinks`
 * (`?pour_id=`), `PUT|DELETE /concrete/pourlinks/{id}`, `GET|POST /concrete/limits`, `PUT|DELETE
 * /concrete/limits/{id}`, `GET|POST /concrete/rules`, `PUT|DELETE /concrete/rules/{limit_id}`,
 * `GET /concrete/people`, `GET|POST /concrete/breachnotices`.
 *
 * A sensor linked to an active pour cannot be linked to another active pour (409); a limit set's
 * minimum must be below its maximum (400); one rule per limit set. Another company's id is a 404.
 */
import { readingsFor } from "./concrete-links";
import { concreteLimitRoutes } from "./concrete-limit-routes";
import { READING_MS, weatherAt } from "./concrete-readings";
import { linkInput, linkOf, linkView, pourInput, pourOf, pourView, range } from "./concrete-inputs";
import { sensorInput, sensorOf, sensorView, sensorsOf } from "./concrete-sensors";
import {
  HOUR,
  SENSOR_MODEL,
  concreteData,
  iso,
  type SimPour,
  type SimPourLink,
  type SimSensor,
} from "./concrete-state";
import { HttpError, obj, ok, routes } from "./kit";
import { idOf } from "./maintenance";

export type { ConcretePourState } from "./concrete-state";
export { SEED_MIX } from "./concrete-state";

export const concreteRoutes = [
  ...routes([
    ["GET", "/concrete/sensors", (ctx) => ok(sensorsOf(ctx).map((s) => sensorView(ctx, s)))],
    ["GET", "/concrete/sensors/:id", (ctx) => ok(sensorView(ctx, sensorOf(ctx, idOf(ctx))))],
    [
      "POST",
      "/concrete/sensors",
      (ctx) => {
        const s: SimSensor = {
          ...sensorInput(ctx),
          companyid: ctx.user.companyid,
          model: SENSOR_MODEL,
          registered_at: iso(ctx.now),
        };
        concreteData(ctx).sensors.push(s);
        return ok(sensorView(ctx, sensorOf(ctx, s.imei)), 201);
      },
    ],
    [
      "GET",
      "/concrete/readings",
      (ctx) => {
        const s = sensorOf(ctx, ctx.query.get("imei") ?? "");
        const { from, to } = range(ctx);
        return ok({
          imei: s.imei,
          interval_s: READING_MS / 1000,
          ...readingsFor(
            ctx.state.world.seed,
            concreteData(ctx),
            ctx.user.companyid,
            s.imei,
            from,
            to,
          ),
        });
      },
    ],
    [
      "GET",
      "/concrete/weather",
      (ctx) => {
        const site = Number(ctx.query.get("jobsite_id") ?? 0);
        const { from, to } = range(ctx);
        const out = [];
        for (let t = Math.ceil(from / HOUR) * HOUR; t <= to; t += HOUR)
          out.push({ time: iso(t), ...weatherAt(ctx.state.world.seed, site, t) });
        return ok({ jobsite_id: site, interval_s: 3600, readings: out });
      },
    ],
    [
      "GET",
      "/concrete/pours",
      (ctx) =>
        ok(
          concreteData(ctx)
            .pours.filter((p) => p.companyid === ctx.user.companyid)
            .sort((a, b) => b.placed_at.localeCompare(a.placed_at))
            .map((p) => pourView(p, ctx.now)),
        ),
    ],
    ["GET", "/concrete/pours/:id", (ctx) => ok(pourView(pourOf(ctx, Number(idOf(ctx))), ctx.now))],
    [
      "POST",
      "/concrete/pours",
      (ctx) => {
        const d = concreteData(ctx);
        const p: SimPour = {
          id: ++d.seq,
          companyid: ctx.user.companyid,
          ...pourInput(ctx),
          signed_off: null,
        };
        d.pours.push(p);
        return ok(pourView(p, ctx.now), 201);
      },
    ],
    [
      "PUT",
      "/concrete/pours/:id",
      (ctx) => {
        const p = pourOf(ctx, Number(idOf(ctx)));
        return ok(pourView(Object.assign(p, pourInput(ctx)), ctx.now));
      },
    ],
    [
      "POST",
      "/concrete/poursignoff/:id",
      (ctx) => {
        const p = pourOf(ctx, Number(idOf(ctx)));
        const b = obj(ctx.body);
        const name = typeof b.name === "string" ? b.name.trim() : "";
        if (!name || name.length > 80)
          throw new HttpError(400, "name is required (at most 80 characters)");
        p.signed_off = {
          name,
          at: iso(ctx.now),
          note: typeof b.note === "string" ? b.note.trim().slice(0, 1000) : "",
        };
        return ok(pourView(p, ctx.now));
      },
    ],
    [
      "GET",
      "/concrete/pourlinks",
      (ctx) => {
        const pourId = ctx.query.get("pour_id");
        if (pourId) pourOf(ctx, Number(pourId));
        return ok(
          concreteData(ctx)
            .links.filter(
              (l) =>
                l.companyid === ctx.user.companyid && (!pourId || l.pour_id === Number(pourId)),
            )
            .map(linkView),
        );
      },
    ],
    [
      "POST",
      "/concrete/pourlinks",
      (ctx) => {
        const d = concreteData(ctx);
        const l: SimPourLink = {
          id: ++d.seq,
          companyid: ctx.user.companyid,
          ...linkInput(ctx, null),
        };
        d.links.push(l);
        return ok(linkView(l), 201);
      },
    ],
    [
      "PUT",
      "/concrete/pourlinks/:id",
      (ctx) => {
        const l = linkOf(ctx);
        return ok(linkView(Object.assign(l, linkInput(ctx, l))));
      },
    ],
    [
      "DELETE",
      "/concrete/pourlinks/:id",
      (ctx) => {
        const l = linkOf(ctx);
        const d = concreteData(ctx);
        d.links = d.links.filter((x) => x.id !== l.id);
        return ok({ id: l.id });
      },
    ],
  ]),
  ...concreteLimitRoutes,
];
