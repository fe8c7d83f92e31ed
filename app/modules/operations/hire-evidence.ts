/**
 * On-hire and off-hire evidence (pure; browser-safe) from the machine's trips during the hire: a
 * trip is a period with the engine on, so its start and end are when the engine hours start and
 * stop changing, and its end points say where the machine was. With the hire's site fence the
 * evidence also says when the machine first arrived on site and when it last left it.
 */
export type Place = { time: string; lat: number; lng: number };
export type TripSpan = { start: Place; end: Place };

export type Evidence = {
  /** Whether a site fence was known (else arrival/departure are null and on_site is null). */
  fenced: boolean;
  /** First time seen inside the fence: a trip ending there, or the first trip starting there. */
  arrived_at: string | null;
  /** The start of the trip that last took it out of the fence, when it has not come back. */
  departed_at: string | null;
  /** Last seen inside the fence (null without a fence or without trips). */
  on_site: boolean | null;
  /** First and last change of the engine hours (the first trip's start, the last trip's end). */
  hours_first_at: string | null;
  hours_last_at: string | null;
  trips: number;
};

/** A machine whose engine has not run for this long (without a fence) is taken as not working. */
export const IDLE_AFTER_MS = 2 * 86_400_000;

const at = (p: Place) => Date.parse(p.time);

export function hireEvidence(
  trips: readonly TripSpan[],
  inside: ((lat: number, lng: number) => boolean) | null,
): Evidence {
  const list = [...trips].sort((a, b) => at(a.start) - at(b.start));
  const first = list[0];
  const last = list.at(-1);
  const base = {
    hours_first_at: first?.start.time ?? null,
    hours_last_at: last?.end.time ?? null,
    trips: list.length,
  };
  if (!inside)
    return { fenced: false, arrived_at: null, departed_at: null, on_site: null, ...base };
  let arrived: string | null = null;
  for (const t of list) {
    if (inside(t.start.lat, t.start.lng)) {
      arrived = t.start.time;
      break;
    }
    if (inside(t.end.lat, t.end.lng)) {
      arrived = t.end.time;
      break;
    }
  }
  const onSite = last ? inside(last.end.lat, last.end.lng) : null;
  let departed: string | null = null;
  if (onSite === false)
    for (let i = list.length - 1; i >= 0; i--) {
      const t = list[i]!;
      if (inside(t.end.lat, t.end.lng)) break;
      if (inside(t.start.lat, t.start.lng)) {
        departed = t.start.time;
        break;
      }
    }
  return { fenced: true, arrived_at: arrived, departed_at: departed, on_site: onSite, ...base };
}

/**
 * Whether the machine is still working for the hire: with a fence, it was last seen on site;
 * without one, its engine ran within IDLE_AFTER_MS. A machine that left the site is not working.
 */
export function stillWorking(e: Evidence, now: number): boolean {
  if (e.fenced) return e.on_site === true;
  return e.hours_last_at !== null && now - Date.parse(e.hours_last_at) <= IDLE_AFTER_MS;
}
