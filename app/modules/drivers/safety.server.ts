/**
 * /dashboard/driversafety: fleet score and incidents of this period against the previous one,
 * a weekly trend (closed weeks frozen with the settings version that scored them), the leaderboard,
 * the incident list with its review workflow, and one driver's scorecard. Every read goes through
 * the caller's token and every review row is keyed by the caller's company.
 */
import { isAllowed } from "~/lib/access";
import { parseTableSort, sortRows } from "~/lib/table-query";
import type { ModuleContext } from "~/services/guard.server";
import { prisma } from "~/services/db.server";
import type { Behaviour } from "./behaviours";
import { listDrivers, rangeData, reviewStatuses } from "./data.server";
import {
  DAY,
  LEADER_ROWS,
  periodFigures,
  periodOf,
  round1,
  shownRows,
  trendWeeks,
  weekStart,
} from "./safety-compute";
import { BAND_LABEL, pointsLost, type ScoreSettings } from "./score";
import { currentSettings, settingsVersion } from "./settings.server";
import { incidentList } from "./incidents.server";
import { deviceNames } from "./vehicles.server";
import { tileConfig } from "~/services/map-tiles.server";
import type { UpstreamDriver } from "./upstream.server";
import { isoDay } from "~/lib/zoned-time";

export const LEADER_SORTS = ["name", "score", "distance", "incidents"] as const;
export type LeaderSort = (typeof LEADER_SORTS)[number];

export const canManage = (ctx: ModuleContext) =>
  isAllowed(ctx.user, { permission: "drivers_manage" });

export const driverName = (d: Pick<UpstreamDriver, "first_name" | "last_name">) =>
  `${d.first_name} ${d.last_name}`.trim();

/** The driver record of a signed-in driver (matched by email), or null. */
export function ownDriver(ctx: ModuleContext, drivers: UpstreamDriver[]) {
  const email = ctx.user.email?.toLowerCase();
  return (email && drivers.find((d) => d.email?.toLowerCase() === email)) || null;
}

/** Stored closed weeks, filling in those never computed with the settings in force. */
async function weeklyTrend(
  ctx: ModuleContext,
  data: Awaited<ReturnType<typeof rangeData>>,
  weeks: number[],
  version: { version: number; settings: ScoreSettings },
  dismissed: Set<string>,
) {
  const stored = await prisma.driverScoreWeek.findMany({
    where: { companyId: ctx.companyId, weekStart: { in: weeks.map((w) => new Date(w)) } },
  });
  const byWeek = new Map(stored.map((r) => [r.weekStart.getTime(), r]));
  const out = [];
  for (const w of weeks) {
    // Computed only for a week never stored, or stored by another settings version (the
    // recompute preview): a stored week of the version in force is read as it is.
    const figures = () =>
      periodFigures(data.events, data.sessions, w, w + 7 * DAY, version.settings, dismissed);
    let row = byWeek.get(w);
    if (!row) {
      const now = figures();
      const created = { fleet: now.fleet, incidents: now.incidents };
      row = await prisma.driverScoreWeek.upsert({
        where: { companyId_weekStart: { companyId: ctx.companyId, weekStart: new Date(w) } },
        create: {
          companyId: ctx.companyId,
          weekStart: new Date(w),
          settingsVersion: version.version,
          data: created,
        },
        update: {},
      });
    }
    const saved = row.data as { fleet: number | null; incidents: number };
    out.push({
      week: isoDay(w),
      score: round1(saved.fleet),
      incidents: saved.incidents,
      version: row.settingsVersion,
      // The preview of an explicit recompute: what the settings in force would make of it.
      recomputed: row.settingsVersion === version.version ? null : round1(figures().fleet),
    });
  }
  return out;
}

export async function safetyPage(ctx: ModuleContext, url: URL, now = Date.now()) {
  const p = url.searchParams;
  const period = periodOf(p, now);
  const weeks = trendWeeks(now);
  const manager = canManage(ctx);
  const [drivers, settings, statuses] = await Promise.all([
    listDrivers(ctx.auth),
    currentSettings(ctx.companyId),
    reviewStatuses(ctx.companyId),
  ]);
  const dismissed = statuses.dismissed;
  const own = ownDriver(ctx, drivers);
  const data = await rangeData(ctx.auth, Math.min(period.prevFrom, weeks[0]!), period.to);
  const names = new Map(drivers.map((d) => [d.id, driverName(d)]));
  const cur = periodFigures(
    data.events,
    data.sessions,
    period.from,
    period.to,
    settings.settings,
    dismissed,
  );
  const prev = periodFigures(
    data.events,
    data.sessions,
    period.prevFrom,
    period.from,
    settings.settings,
    dismissed,
  );
  const base = {
    period: { ...period, fromDay: iso(period.from), toDay: iso(period.to - 1) },
    settingsVersion: settings.version,
    manager,
    admin: isAllowed(ctx.user, { permission: "edit_permissions" }),
    settings: settings.settings,
    tiles: tileConfig(),
  };
  // A driver (no drivers_manage) sees their own scorecard and nothing of anyone else.
  if (!manager) {
    return {
      ...base,
      fleet: null,
      own: own
        ? await scorecard(
            own,
            data,
            cur,
            settings.settings,
            dismissed,
            now,
            await deviceNames(ctx.auth),
          )
        : null,
    };
  }
  const vehicleNames = await deviceNames(ctx.auth);
  // A driver or vehicle named in the query is the company's own; anyone else's is a 404.
  const driverIds = new Set(drivers.map((d) => String(d.id)));
  const foreign = (k: string, own: { has(v: string): boolean }) =>
    !!p.get(k) && !own.has(p.get(k)!);
  if (
    foreign("driver", driverIds) ||
    foreign("idriver", driverIds) ||
    foreign("vehicle", vehicleNames)
  )
    throw new Response("Not found", { status: 404 });
  const trend = await weeklyTrend(ctx, data, weeks, settings, dismissed);
  const q = (p.get("q") ?? "").trim().toLowerCase();
  const sort = parseTableSort(p, LEADER_SORTS, { by: "score", dir: "asc" });
  const allLeaders = sortRows(
    drivers
      .filter((d) => d.active || cur.scores.has(d.id))
      .map((d) => {
        const s = cur.scores.get(d.id);
        const scored = s?.status === "scored" ? s : null;
        return {
          id: d.id,
          name: driverName(d),
          score: round1(scored?.score ?? null),
          band: scored ? scored.band : null,
          bandLabel: scored ? BAND_LABEL[scored.band] : "Insufficient data",
          distanceKm: Math.round(s?.distanceKm ?? 0),
          incidents: s?.incidents ?? 0,
        };
      })
      .filter((r) => !q || r.name.toLowerCase().includes(q)),
    sort,
    {
      name: (r) => r.name,
      score: (r) => r.score,
      distance: (r) => r.distanceKm,
      incidents: (r) => r.incidents,
    },
    (a, b) => a.name.localeCompare(b.name),
  );
  const leaderRows = shownRows(p, "leaders", LEADER_ROWS);
  const incidents = await incidentList(
    ctx,
    data.events,
    period,
    p,
    names,
    vehicleNames,
    statuses.byEvent,
  );
  const pick = Number(p.get("driver"));
  const chosen = drivers.find((d) => d.id === pick);
  return {
    ...base,
    fleet: {
      current: round1(cur.fleet),
      previous: round1(prev.fleet),
      incidentsCurrent: cur.incidents,
      incidentsPrevious: prev.incidents,
    },
    trend,
    // Only the first rows travel (a fleet may have a thousand drivers); "show more" sends more.
    leaders: allLeaders.slice(0, leaderRows),
    leadersTotal: allLeaders.length,
    sort,
    q,
    incidents,
    drivers: drivers.map((d) => ({ id: d.id, name: driverName(d) })),
    vehicles: [...vehicleNames].map(([imei, name]) => ({ imei, name })),
    own: chosen
      ? await scorecard(chosen, data, cur, settings.settings, dismissed, now, vehicleNames)
      : null,
  };
}

const iso = (t: number) => isoDay(t);

/** One driver's scorecard: score and band, weekly trend, points lost per behaviour, incidents, trips. */
async function scorecard(
  d: UpstreamDriver,
  data: Awaited<ReturnType<typeof rangeData>>,
  cur: ReturnType<typeof periodFigures>,
  settings: ScoreSettings,
  dismissed: ReadonlySet<string>,
  now: number,
  vehicleNames: Map<string, string>,
) {
  const s = cur.scores.get(d.id) ?? {
    status: "insufficient" as const,
    distanceKm: 0,
    incidents: 0,
    counts: {},
  };
  const mine = {
    events: data.events.filter((e) => e.driver_id === d.id),
    sessions: data.sessions.filter((x) => x.driver_id === d.id),
  };
  // Whole weeks of the cached range: sums of its daily totals (a driver's figures do not depend
  // on the other drivers').
  const trend = trendWeeks(now).map((w) => {
    const f = periodFigures(
      data.events,
      data.sessions,
      w,
      w + 7 * DAY,
      settings,
      dismissed,
    ).scores.get(d.id);
    return { week: iso(w), score: f?.status === "scored" ? round1(f.score) : null };
  });
  const lost = pointsLost(s, settings);
  return {
    id: d.id,
    name: driverName(d),
    score: s.status === "scored" ? round1(s.score) : null,
    band: s.status === "scored" ? BAND_LABEL[s.band] : "Insufficient data",
    distanceKm: Math.round(s.distanceKm),
    minDistanceKm: settings.minDistanceKm,
    trend,
    moved: (Object.keys(lost) as Behaviour[]).map((b) => ({
      behaviour: b,
      points: round1(lost[b as keyof typeof lost]) ?? 0,
      count: s.status === "scored" ? (s.counts[b] ?? 0) : 0,
    })),
    incidents: mine.events
      .slice(-50)
      .reverse()
      .map((e) => ({
        id: e.id,
        behaviour: e.behaviour,
        time: e.time,
        lat: e.lat,
        lng: e.lng,
        vehicle: vehicleNames.get(e.imei) ?? e.imei,
        speed: e.speed,
        speed_limit: e.speed_limit,
        severity: e.severity,
        dismissed: dismissed.has(e.id),
      })),
    trips: mine.sessions
      .slice(-20)
      .reverse()
      .map((x) => ({ id: x.trip_id, start: x.start, distanceKm: x.distance_km })),
    weekStart: iso(weekStart(now)),
  };
}

export { settingsVersion };
