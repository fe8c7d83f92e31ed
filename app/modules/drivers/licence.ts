/** Licence expiry (pure): the management list's warning and the notifications share it. */
import { formatDay } from "~/lib/zoned-time";

/** Licences expiring within this many days are flagged and notified. */
export const EXPIRY_WARNING_DAYS = 30;
const DAY = 86_400_000;

export type LicenceState = "expired" | "expiring" | "valid" | "unknown";

/** The state of a licence expiring on `expiry` (YYYY-MM-DD, or null) at `now`. */
export function licenceState(
  expiry: string | null,
  now: number,
  days = EXPIRY_WARNING_DAYS,
): LicenceState {
  const at = expiry ? Date.parse(expiry) : NaN;
  if (Number.isNaN(at)) return "unknown";
  if (at < now) return "expired";
  return at - now <= days * DAY ? "expiring" : "valid";
}

/** The warning shown next to a driver, or null. */
export function expiryWarning(expiry: string | null, now: number): string | null {
  const state = licenceState(expiry, now);
  if (state === "expired") return "Licence expired";
  if (state === "expiring") return `Licence expires ${formatDay(expiry, "UTC", now)}`;
  return null;
}

export type LicenceNotice = {
  driverId: number;
  expiry: string;
  state: "expired" | "expiring";
  /** One notification per driver and expiry date: a renewed licence (new date) is notified again. */
  key: string;
  title: string;
  body: string;
};

/** The notices due at `now` for active drivers whose licence expires within `days` or has expired. */
export function licenceNotices(
  drivers: ReadonlyArray<{
    id: number;
    first_name: string;
    last_name: string;
    licence_expiry: string | null;
    active: boolean;
  }>,
  now: number,
  days = EXPIRY_WARNING_DAYS,
): LicenceNotice[] {
  const out: LicenceNotice[] = [];
  for (const d of drivers) {
    if (!d.active || !d.licence_expiry) continue;
    const state = licenceState(d.licence_expiry, now, days);
    if (state !== "expired" && state !== "expiring") continue;
    const name = `${d.first_name} ${d.last_name}`.trim();
    out.push({
      driverId: d.id,
      expiry: d.licence_expiry,
      state,
      key: `licence-expiry:${d.id}:${d.licence_expiry}`,
      title:
        state === "expired" ? `${name}'s licence has expired` : `${name}'s licence expires soon`,
      body:
        state === "expired"
          ? `The driver licence of ${name} expired on ${formatDay(d.licence_expiry, "UTC", now)}.`
          : `The driver licence of ${name} expires on ${formatDay(d.licence_expiry, "UTC", now)}.`,
    });
  }
  return out;
}
