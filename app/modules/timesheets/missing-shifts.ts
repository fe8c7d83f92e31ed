/**
 * Missing shifts: a rostered shift with no clock-on within the grace period after its start
 * (default 15 minutes; a clock-on up to an hour early counts), and clock-ons that fall in no
 * rostered shift of that person. A person on approved leave that day is not missing. Shifts whose
 * grace period has not ended yet are not judged.
 */
import type { Shift } from "./roster";

export const DEFAULT_GRACE_MINUTES = 15;
const EARLY_MS = 60 * 60_000;

export type ClockOn = { username_id: number; start: number; entry_id: number };
export type MissingShift = Shift & {
  /** The first clock-on after the grace period within the shift (late), or null (none at all). */
  late_clock_on: number | null;
  on_leave: boolean;
};

export function matchShifts(
  shifts: readonly Shift[],
  clockOns: readonly ClockOn[],
  opts: {
    graceMinutes?: number;
    now: number;
    /** "username_id|YYYY-MM-DD" of approved leave. */
    onLeave?: ReadonlySet<string>;
  },
): { missing: MissingShift[]; unrostered: ClockOn[]; onTime: number } {
  const grace = (opts.graceMinutes ?? DEFAULT_GRACE_MINUTES) * 60_000;
  const byPerson = new Map<number, ClockOn[]>();
  for (const c of clockOns) {
    const list = byPerson.get(c.username_id) ?? [];
    list.push(c);
    byPerson.set(c.username_id, list);
  }
  const missing: MissingShift[] = [];
  let onTime = 0;
  for (const s of shifts) {
    if (s.start + grace > opts.now) continue;
    const mine = byPerson.get(s.username_id) ?? [];
    if (mine.some((c) => c.start >= s.start - EARLY_MS && c.start <= s.start + grace)) {
      onTime++;
      continue;
    }
    const late = mine
      .filter((c) => c.start > s.start + grace && c.start < s.end)
      .sort((a, b) => a.start - b.start)[0];
    missing.push({
      ...s,
      late_clock_on: late?.start ?? null,
      on_leave: opts.onLeave?.has(`${s.username_id}|${s.day}`) ?? false,
    });
  }
  const unrostered = clockOns.filter(
    (c) =>
      !shifts.some(
        (s) => s.username_id === c.username_id && c.start >= s.start - EARLY_MS && c.start < s.end,
      ),
  );
  return { missing: missing.filter((m) => !m.on_leave), unrostered, onTime };
}
