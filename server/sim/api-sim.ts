/** Test-only controls under /__sim (no auth) and the static images the world refers to. */
import { HttpError, NO_FAULTS, obj, ok, routes, str, type Ctx, type Faults } from "./kit";
import { companyFixes } from "./api-devices";

export function mergeFaults(current: Faults, patch: Partial<Faults>): Faults {
  const next = { ...current };
  const rate = (v: unknown, name: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 1)
      throw new HttpError(400, `${name} must be between 0 and 1`);
    return n;
  };
  if (patch.latencyMs !== undefined) next.latencyMs = Math.max(0, Number(patch.latencyMs) || 0);
  if (patch.errorRate !== undefined) next.errorRate = rate(patch.errorRate, "errorRate");
  if (patch.timeoutRate !== undefined) next.timeoutRate = rate(patch.timeoutRate, "timeoutRate");
  if (patch.down !== undefined) next.down = Boolean(patch.down);
  if (patch.failPaths !== undefined)
    next.failPaths = Array.isArray(patch.failPaths) ? patch.failPaths.map(String) : [];
  if (patch.errorBody !== undefined) {
    if (!["json", "text", "empty"].includes(patch.errorBody))
      throw new HttpError(400, "errorBody must be json, text or empty");
    next.errorBody = patch.errorBody;
  }
  return next;
}

/** The simulator's truth of statuses, for tests that check the product's map counts. */
function stats(ctx: Ctx) {
  const companyid = Number(ctx.query.get("companyid") ?? 1);
  const counts = { total: 0, moving: 0, idling: 0, resting: 0, offline: 0 };
  for (const f of companyFixes(ctx.state, companyid, ctx.now).values()) {
    counts.total++;
    counts[f.state]++;
  }
  return ok({ companyid, at: new Date(ctx.now).toISOString(), ...counts });
}

/** API calls received, open now (ids, oldest first), the peak of open calls since the last reset, responses written. */
function trafficOf(ctx: Ctx) {
  const t = ctx.state.traffic ?? {
    calls: 0,
    open: 0,
    peakOpen: 0,
    answered: 0,
    openIds: new Set<number>(),
  };
  return {
    calls: t.calls,
    open: t.open,
    openIds: [...t.openIds],
    peakOpen: t.peakOpen,
    answered: t.answered,
  };
}

function svg(label: string, colour: string) {
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="${colour}"/><text x="48" y="58" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return {
    text,
    contentType: "image/svg+xml",
    headers: { "cache-control": "public, max-age=86400" },
  };
}

export const simRoutes = routes(
  [
    [
      "GET",
      "/__sim/health",
      (ctx) =>
        ok({
          ok: true,
          time: new Date(ctx.now).toISOString(),
          companies: ctx.state.world.companies.size,
          devices: ctx.state.world.devices.length,
          faults: ctx.state.faults,
        }),
    ],
    ["GET", "/__sim/faults", (ctx) => ok(ctx.state.faults)],
    [
      "POST",
      "/__sim/faults",
      (ctx) =>
        ok((ctx.state.faults = mergeFaults(ctx.state.faults, obj(ctx.body) as Partial<Faults>))),
    ],
    ["POST", "/__sim/faults/reset", (ctx) => ok((ctx.state.faults = { ...NO_FAULTS }))],
    [
      "POST",
      "/__sim/reset-token",
      (ctx) => {
        const name = str(obj(ctx.body).username, "username").toLowerCase();
        const user = ctx.state.world.users.find(
          (u) => u.username.toLowerCase() === name || u.email.toLowerCase() === name,
        );
        if (!user) throw new HttpError(404, "User not found");
        return ok({ token: ctx.state.auth.createResetToken(user, ctx.random(), ctx.now) });
      },
      // A reset token is a promise to the user it was mailed to, so it survives a restart.
      { write: true },
    ],
    ["GET", "/__sim/stats", stats],
    ["GET", "/__sim/traffic", (ctx) => ok(trafficOf(ctx))],
    [
      "POST",
      "/__sim/traffic/reset",
      (ctx) => {
        const t = ctx.state.traffic;
        if (t) t.peakOpen = t.open;
        return ok(trafficOf(ctx));
      },
    ],
    ["GET", "/photos/devices/:id", (ctx) => svg(ctx.path.slice(-8, -4), "#1971c2")],
    [
      "GET",
      "/photos/users/:id",
      (ctx) => svg(ctx.path.split("/").pop()!.replace(".svg", "").slice(-2), "#2f9e44"),
    ],
    ["GET", "/logos/ironbark.svg", () => svg("IB", "#5c3d2e")],
  ],
  // Faults and traffic counters are about this run, not the world's data.
  { auth: false, write: false },
);
