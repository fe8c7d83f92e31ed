/**
 * The pours API's limit sets, their rules, the people rules may notify and the breach notices
 * (part of api-concrete.ts's routes).
 */
import {
  CHANNELS,
  limitInput,
  limitOf,
  limitView,
  num,
  pourOf,
  ruleInput,
  ruleOf,
  ruleView,
  time,
} from "./concrete-inputs";
import {
  concreteData,
  iso,
  type SimBreachNotice,
  type SimLimitRule,
  type SimLimitSet,
} from "./concrete-state";
import { HttpError, obj, ok, routes } from "./kit";
import { idOf } from "./maintenance";

export const concreteLimitRoutes = routes([
  [
    "GET",
    "/concrete/limits",
    (ctx) =>
      ok(
        concreteData(ctx)
          .limits.filter((l) => l.companyid === ctx.user.companyid)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(limitView),
      ),
  ],
  [
    "POST",
    "/concrete/limits",
    (ctx) => {
      const d = concreteData(ctx);
      const input = limitInput(ctx);
      // Optionally applied at once to some of the company's pours.
      const raw = obj(ctx.body).pour_ids;
      const pours = (Array.isArray(raw) ? raw : []).map((id) => pourOf(ctx, Number(id)));
      const l: SimLimitSet = { id: ++d.seq, companyid: ctx.user.companyid, ...input };
      d.limits.push(l);
      for (const p of pours) if (!p.limit_set_ids.includes(l.id)) p.limit_set_ids.push(l.id);
      return ok(limitView(l), 201);
    },
  ],
  [
    "PUT",
    "/concrete/limits/:id",
    (ctx) => ok(limitView(Object.assign(limitOf(ctx, Number(idOf(ctx))), limitInput(ctx)))),
  ],
  [
    "DELETE",
    "/concrete/limits/:id",
    (ctx) => {
      const l = limitOf(ctx, Number(idOf(ctx)));
      const d = concreteData(ctx);
      const users = d.pours.filter((p) => p.limit_set_ids.includes(l.id));
      if (users.length)
        throw new HttpError(
          409,
          `${l.name} is used by ${users.length} pour${users.length === 1 ? "" : "s"}: take it off them first`,
        );
      d.limits = d.limits.filter((x) => x.id !== l.id);
      d.rules = d.rules.filter((r) => r.limit_id !== l.id);
      return ok({ id: l.id });
    },
  ],
  [
    "GET",
    "/concrete/rules",
    (ctx) =>
      ok(
        concreteData(ctx)
          .rules.filter((r) => r.companyid === ctx.user.companyid)
          .map(ruleView),
      ),
  ],
  [
    "POST",
    "/concrete/rules",
    (ctx) => {
      const d = concreteData(ctx);
      const limitId = num(obj(ctx.body).limit_id, "limit_id", 1, 1e9);
      const input = ruleInput(ctx, limitId);
      const limit = limitOf(ctx, limitId);
      if (d.rules.some((r) => r.limit_id === limitId && r.companyid === ctx.user.companyid))
        throw new HttpError(409, `${limit.name} already has a rule: edit that one`);
      const r: SimLimitRule = { id: ++d.seq, companyid: ctx.user.companyid, ...input };
      d.rules.push(r);
      return ok(ruleView(r), 201);
    },
  ],
  [
    "PUT",
    "/concrete/rules/:id",
    (ctx) => {
      const r = ruleOf(ctx);
      return ok(ruleView(Object.assign(r, ruleInput(ctx, r.limit_id))));
    },
  ],
  [
    "DELETE",
    "/concrete/rules/:id",
    (ctx) => {
      const r = ruleOf(ctx);
      const d = concreteData(ctx);
      d.rules = d.rules.filter((x) => x.id !== r.id);
      return ok({ id: r.id });
    },
  ],
  [
    "GET",
    "/concrete/people",
    (ctx) =>
      ok(
        ctx.state.world.users
          .filter((u) => u.companyid === ctx.user.companyid)
          .map((u) => ({ id: u.username_id, name: u.name, email: u.email })),
      ),
  ],
  [
    "GET",
    "/concrete/breachnotices",
    (ctx) => {
      const pourId = ctx.query.get("pour_id");
      if (pourId) pourOf(ctx, Number(pourId));
      return ok(
        concreteData(ctx)
          .notices.filter(
            (n) => n.companyid === ctx.user.companyid && (!pourId || n.pour_id === Number(pourId)),
          )
          .map(({ companyid: _c, ...n }) => n),
      );
    },
  ],
  [
    // Records that a breach was notified; the first call for a breach id wins (created: true), so
    // a breach is notified once however often, and by however many app servers, it is checked.
    "POST",
    "/concrete/breachnotices",
    (ctx) => {
      const b = obj(ctx.body);
      const d = concreteData(ctx);
      const breach_id = typeof b.breach_id === "string" ? b.breach_id.trim() : "";
      if (!breach_id || breach_id.length > 200) throw new HttpError(400, "breach_id is required");
      const pour = pourOf(ctx, num(b.pour_id, "pour_id", 1, 1e9));
      const limit = limitOf(ctx, num(b.limit_id, "limit_id", 1, 1e9));
      const seen = d.notices.find(
        (n) => n.companyid === ctx.user.companyid && n.breach_id === breach_id,
      );
      if (seen) {
        const { companyid: _c, ...n } = seen;
        return ok({ created: false, notice: n });
      }
      const n: SimBreachNotice = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        breach_id,
        pour_id: pour.id,
        limit_id: limit.id,
        kind: typeof b.kind === "string" ? b.kind.slice(0, 40) : "",
        started_at: time(b.started_at, "started_at"),
        user_ids: Array.isArray(b.user_ids) ? b.user_ids.map(Number).filter(Number.isInteger) : [],
        channels: Array.isArray(b.channels)
          ? b.channels.map(String).filter((c) => CHANNELS.has(c))
          : [],
        sent_at: iso(ctx.now),
      };
      d.notices.push(n);
      const { companyid: _c, ...view } = n;
      return ok({ created: true, notice: view }, 201);
    },
  ],
]);
