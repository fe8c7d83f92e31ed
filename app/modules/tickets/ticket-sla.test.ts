import { describe, expect, it } from "vitest";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-days";
import { calendarOf, pausesOf, ticketSla } from "./ticket-sla";

const TZ = "Australia/Brisbane";
const at = (local: string) => zonedLocalToUtc(local, TZ);
const cal = calendarOf(TZ);
const type = { first_response_hours: 4, resolution_hours: 16, paused_statuses: ["waiting"] };

describe("ticket SLA", () => {
  it("counts both clocks in working hours and names the worst", () => {
    const t = {
      created_at: at("2026-11-23T09:00"),
      first_response_at: at("2026-11-23T12:00"),
      resolved_at: null,
      status_changes: [{ status: "open", at: at("2026-11-23T09:00") }],
    };
    const s = ticketSla(t, type, cal, at("2026-11-24T15:00"));
    expect(s.firstResponse).toMatchObject({ state: "met", usedMinutes: 180 });
    // Office hours 08:00–17:00: 8 h on Monday from 09:00 + 7 h on Tuesday = 15 h of 16: at risk.
    expect(s.resolution).toMatchObject({ state: "at_risk", usedMinutes: 15 * 60 });
    expect(utcToZonedLocal(s.resolution.dueAt, TZ)).toBe("2026-11-24T16:00");
    expect(s.worst).toBe("at_risk");
    expect(ticketSla(t, type, cal, at("2026-11-25T09:30")).worst).toBe("breached");
  });

  it("stops the clock while the ticket waits, and moves the due time on", () => {
    const t = {
      created_at: at("2026-11-23T09:00"),
      first_response_at: at("2026-11-23T09:30"),
      resolved_at: null,
      status_changes: [
        { status: "open", at: at("2026-11-23T09:00") },
        { status: "waiting", at: at("2026-11-23T10:00") },
        { status: "in_progress", at: at("2026-11-24T10:00") },
      ],
    };
    expect(pausesOf(t, ["waiting"])).toEqual([
      { from: at("2026-11-23T10:00"), to: at("2026-11-24T10:00") },
    ]);
    const s = ticketSla(t, type, cal, at("2026-11-24T12:00"));
    expect(s.resolution).toMatchObject({ state: "on_time", usedMinutes: 180 });
    // 16 h allowed + 9 h paused within working hours = 25 h from Monday 09:00: Wednesday 16:00.
    expect(utcToZonedLocal(s.resolution.dueAt, TZ)).toBe("2026-11-25T16:00");
  });
});
