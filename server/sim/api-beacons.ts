/** Beacon calls (the company's BLE beacons, their sightings and settings) and the public network coverage. */
import {
  ADV_INTERVAL_MAX_MS,
  ADV_INTERVAL_MIN_MS,
  ASSET_NAME_MAX,
  BEACON_NICKNAME_MAX,
  COVERAGE_CELL_DEG,
  TX_POWERS,
  beaconBattery,
  coverageCells,
  lastSighting,
  sightingsBetween,
  type Beacon,
} from "./beacons";
import { HttpError, obj, ok, routes, timeParam, type Ctx } from "./kit";

const MAX_RANGE_MS = 7 * 86_400_000;

/** A beacon of the caller's company; a foreign or unknown uuid is 404 either way (no probing). */
function beaconOf(ctx: Ctx, uuid: unknown): Beacon {
  if (typeof uuid !== "string" || !uuid) throw new HttpError(400, "uuid is required");
  const b = ctx.state.world.beacons.find((x) => x.uuid === uuid.toLowerCase());
  if (!b || b.companyid !== ctx.user.companyid) throw new HttpError(404, "Beacon not found");
  return b;
}

function beaconView(ctx: Ctx, b: Beacon) {
  const last = lastSighting(ctx.state.world, b, ctx.now);
  return {
    uuid: b.uuid,
    nickname: b.nickname,
    model: b.model,
    major: b.major,
    minor: b.minor,
    asset_name: b.asset_name,
    tx_power: b.tx_power,
    adv_interval_ms: b.adv_interval_ms,
    // The battery is what the last advertisement said; never heard = unknown.
    battery: last ? beaconBattery(ctx.state.world, b, Date.parse(last.time)) : null,
    last_seen: last,
  };
}

/** GET /beacons: every beacon of the caller's company with its last sighting. */
function list(ctx: Ctx) {
  return ok(
    ctx.state.world.beacons
      .filter((b) => b.companyid === ctx.user.companyid)
      .map((b) => beaconView(ctx, b)),
  );
}

/** GET /beacons/sightings?uuid=&from=&to= (default the last 24 h, at most 7 days). */
function sightings(ctx: Ctx) {
  const b = beaconOf(ctx, ctx.query.get("uuid"));
  const to = timeParam(ctx.query.get("to"), ctx.now, "to");
  const from = timeParam(ctx.query.get("from"), to - 86_400_000, "from");
  if (from > to) throw new HttpError(400, "from must be before to");
  if (to - from > MAX_RANGE_MS) throw new HttpError(400, "the range is at most 7 days");
  return ok({
    uuid: b.uuid,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    sightings: sightingsBetween(ctx.state.world, b, from, to, ctx.now),
  });
}

/** POST /beacons/config {uuid, nickname?, asset_name?, tx_power?, adv_interval_ms?}: absent fields stay. */
function config(ctx: Ctx) {
  const body = obj(ctx.body);
  const b = beaconOf(ctx, body.uuid);
  const next = { ...b };
  if (body.nickname !== undefined) {
    const n = typeof body.nickname === "string" ? body.nickname.trim() : "";
    if (!n) throw new HttpError(400, "nickname is required");
    if (n.length > BEACON_NICKNAME_MAX)
      throw new HttpError(400, `nickname must be at most ${BEACON_NICKNAME_MAX} characters`);
    next.nickname = n;
  }
  if (body.asset_name !== undefined) {
    if (body.asset_name !== null && typeof body.asset_name !== "string")
      throw new HttpError(400, "asset_name must be text or null");
    const a = typeof body.asset_name === "string" ? body.asset_name.trim() : "";
    if (a.length > ASSET_NAME_MAX)
      throw new HttpError(400, `asset_name must be at most ${ASSET_NAME_MAX} characters`);
    next.asset_name = a || null;
  }
  if (body.tx_power !== undefined) {
    if (
      !(TX_POWERS as readonly number[]).includes(Number(body.tx_power)) ||
      typeof body.tx_power !== "number"
    ) {
      throw new HttpError(400, `tx_power must be one of ${TX_POWERS.join(", ")} dBm`);
    }
    next.tx_power = body.tx_power;
  }
  if (body.adv_interval_ms !== undefined) {
    const v = body.adv_interval_ms;
    if (
      typeof v !== "number" ||
      !Number.isInteger(v) ||
      v < ADV_INTERVAL_MIN_MS ||
      v > ADV_INTERVAL_MAX_MS
    ) {
      throw new HttpError(
        400,
        `adv_interval_ms must be a whole number between ${ADV_INTERVAL_MIN_MS} and ${ADV_INTERVAL_MAX_MS}`,
      );
    }
    next.adv_interval_ms = v;
  }
  // Validated as a whole, then applied: a bad field changes nothing.
  Object.assign(b, {
    nickname: next.nickname,
    asset_name: next.asset_name,
    tx_power: next.tx_power,
    adv_interval_ms: next.adv_interval_ms,
  });
  return ok(beaconView(ctx, b));
}

/** GET /network/coverage (public): the signal the fleet saw over the last day, per cell; computed once an hour. */
function coverage(ctx: Ctx) {
  const hour = Math.floor(ctx.now / 3_600_000);
  const hit = ctx.state.cache.get("coverage");
  let cells = hit?.key === String(hour) ? (hit.value as ReturnType<typeof coverageCells>) : null;
  if (!cells) {
    cells = coverageCells(ctx.state.world, ctx.now);
    ctx.state.cache.set("coverage", { key: String(hour), value: cells });
  }
  return ok({
    generated_at: new Date(hour * 3_600_000).toISOString(),
    cell_deg: COVERAGE_CELL_DEG,
    cells,
  });
}

export const beaconRoutes = routes([
  ["GET", "/beacons", list],
  ["GET", "/beacons/sightings", sightings],
  ["POST", "/beacons/config", config],
  ["GET", "/network/coverage", coverage, { auth: false }],
]);
