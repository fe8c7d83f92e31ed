/** Validation of the ftc profile and load bodies (api-sensors.ts): 400 with the field named. */
import { HttpError, obj } from "./kit";
import type { SimLoad, SimProfile, SimTier } from "./sensor-seed";

const num = (v: unknown, name: string): number | null => {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "number" || !Number.isFinite(v))
    throw new HttpError(400, `${name} must be a number`);
  return v;
};

const secs = (v: unknown, name: string, nullable: boolean): number | null => {
  if (nullable && (v === null || v === undefined)) return null;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 30 * 86400)
    throw new HttpError(400, `${name} must be a whole number of seconds from 0 to 2592000`);
  return v;
};

export function profileInput(body: unknown): Omit<SimProfile, "id" | "companyid"> {
  const b = obj(body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 80)
    throw new HttpError(400, "name is required (at most 80 characters)");
  const description = typeof b.description === "string" ? b.description.trim().slice(0, 300) : "";
  if (!Array.isArray(b.tiers) || b.tiers.length < 1 || b.tiers.length > 4)
    throw new HttpError(400, "tiers must list 1 to 4 tiers");
  const tiers: SimTier[] = b.tiers.map((raw, i) => {
    const t = obj(raw);
    const min = num(t.min, `tiers[${i}].min`);
    const max = num(t.max, `tiers[${i}].max`);
    if (min === null && max === null)
      throw new HttpError(400, `tiers[${i}] needs a minimum, a maximum or both`);
    if (min !== null && max !== null && min > max)
      throw new HttpError(400, `tiers[${i}].min must not be above max`);
    const label = typeof t.label === "string" && t.label.trim() ? t.label.trim() : `Tier ${i + 1}`;
    return { label, min, max, allowance_s: secs(t.allowance_s, `tiers[${i}].allowance_s`, false)! };
  });
  const first = tiers[0]!;
  const setpoint =
    first.min !== null && first.max !== null
      ? (first.min + first.max) / 2
      : first.max !== null
        ? first.max - 3
        : first.min! + 3;
  return {
    name,
    description,
    setpoint,
    tiers,
    startup_ignore_s: secs(b.startup_ignore_s, "startup_ignore_s", false)!,
    defrost_recovery_s: secs(b.defrost_recovery_s, "defrost_recovery_s", true),
    door_recovery_s: secs(b.door_recovery_s, "door_recovery_s", true),
  };
}

/** A load's own fields (the device and profile are checked by the caller against the company). */
export function loadFields(
  b: Record<string, unknown>,
): Pick<SimLoad, "product" | "reference" | "start" | "end"> {
  const text = (v: unknown, name: string) => {
    const t = typeof v === "string" ? v.trim() : "";
    if (!t || t.length > 80)
      throw new HttpError(400, `${name} is required (at most 80 characters)`);
    return t;
  };
  const start = typeof b.start === "string" ? Date.parse(b.start) : Number.NaN;
  if (Number.isNaN(start)) throw new HttpError(400, "start must be an ISO time");
  let end: number | null = null;
  if (b.end !== null && b.end !== undefined && b.end !== "") {
    end = typeof b.end === "string" ? Date.parse(b.end) : Number.NaN;
    if (Number.isNaN(end)) throw new HttpError(400, "end must be an ISO time or null");
    if (end <= start) throw new HttpError(400, "end must be after start");
  }
  return {
    product: text(b.product, "product"),
    reference: text(b.reference, "reference"),
    start: new Date(start).toISOString(),
    end: end === null ? null : new Date(end).toISOString(),
  };
}
