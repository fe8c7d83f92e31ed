/**
 * A ticket's two SLA clocks (first response and resolution) from its type and its status history,
 * in the company's working hours. Browser-safe: the list and the matrix show the same states.
 */
import {
  addBusinessMinutes,
  OFFICE_HOURS,
  slaMinutesUsed,
  slaState,
  type BusinessCalendar,
  type Pause,
  type SlaState,
} from "./business-hours";

export type SlaTicket = {
  created_at: number;
  first_response_at: number | null;
  resolved_at: number | null;
  status_changes: Array<{ status: string; at: number }>;
};
export type SlaType = {
  first_response_hours: number;
  resolution_hours: number;
  paused_statuses: string[];
};
export type SlaClock = {
  state: SlaState;
  usedMinutes: number;
  allowedMinutes: number;
  dueAt: number;
};
export type TicketSla = { firstResponse: SlaClock; resolution: SlaClock; worst: SlaState };

export const calendarOf = (
  timeZone: string,
  holidays: readonly string[] = [],
): BusinessCalendar => ({
  timeZone,
  week: OFFICE_HOURS,
  holidays,
});

/** Spans spent in a paused status (e.g. waiting for the requester). */
export function pausesOf(t: SlaTicket, paused: readonly string[]): Pause[] {
  const changes = [...t.status_changes].sort((a, b) => a.at - b.at);
  const out: Pause[] = [];
  changes.forEach((c, i) => {
    if (paused.includes(c.status)) out.push({ from: c.at, to: changes[i + 1]?.at ?? null });
  });
  return out;
}

const RANK: Record<SlaState, number> = { met: 0, on_time: 1, at_risk: 2, breached: 3 };
export const worstOf = (a: SlaState, b: SlaState): SlaState => (RANK[a] >= RANK[b] ? a : b);

function clock(
  start: number,
  end: number | null,
  hours: number,
  pauses: Pause[],
  cal: BusinessCalendar,
  now: number,
): SlaClock {
  const allowedMinutes = Math.round(hours * 60);
  const until = end ?? now;
  const usedMinutes = slaMinutesUsed(start, until, pauses, cal);
  const pausedSoFar = slaMinutesUsed(start, until, [], cal) - usedMinutes;
  return {
    state: slaState(usedMinutes, allowedMinutes, end !== null),
    usedMinutes,
    allowedMinutes,
    // The due time moves on by the working time spent paused.
    dueAt: addBusinessMinutes(start, allowedMinutes + pausedSoFar, cal),
  };
}

export function ticketSla(
  t: SlaTicket,
  type: SlaType,
  cal: BusinessCalendar,
  now: number,
): TicketSla {
  const pauses = pausesOf(t, type.paused_statuses);
  const firstResponse = clock(
    t.created_at,
    t.first_response_at,
    type.first_response_hours,
    pauses,
    cal,
    now,
  );
  const resolution = clock(t.created_at, t.resolved_at, type.resolution_hours, pauses, cal, now);
  return { firstResponse, resolution, worst: worstOf(firstResponse.state, resolution.state) };
}

export const SLA_LABEL: Record<SlaState, string> = {
  met: "Met",
  on_time: "On time",
  at_risk: "At risk",
  breached: "Breached",
};
