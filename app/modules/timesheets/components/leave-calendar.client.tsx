/**
 * The leave calendar (FullCalendar 6, month and week views), in the browser only: the route
 * renders a list in its place on the server. Selecting a range asks for leave, selecting an event
 * shows it, and clearing the selection (a click elsewhere) closes what they opened (SPEC §4).
 * FullCalendar injects its own <style>; the CSP allows inline styles (security-headers.server.ts).
 */
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin from "@fullcalendar/interaction";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { useEffect, useRef } from "react";
import { addDays } from "~/lib/zoned-days";
import { LEAVE_MODAL_CLASS, leaveColour } from "../leave-rules";

export type CalendarLeave = {
  id: number;
  title: string;
  leave_start_date: string;
  leave_end_date: string;
  status: string;
  leave_approval: { approved: boolean }[];
};

export function LeaveCalendar({
  events,
  holidays,
  month,
  view,
  onSelect,
  onUnselect,
  onEvent,
  onMonth,
  cleared,
}: {
  /** A new value clears the selection (after a request was sent). */
  cleared: number;
  events: CalendarLeave[];
  holidays: { day: string; name: string }[];
  month: string;
  view: "month" | "week";
  onSelect: (from: string, to: string) => void;
  onUnselect: () => void;
  onEvent: (id: number) => void;
  onMonth: (month: string, view: "month" | "week") => void;
}) {
  const ref = useRef<FullCalendar>(null);
  useEffect(() => {
    if (cleared) ref.current?.getApi().unselect();
  }, [cleared]);
  return (
    <div data-testid="leave-calendar">
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={view === "week" ? "timeGridWeek" : "dayGridMonth"}
        initialDate={`${month}-01`}
        headerToolbar={{
          left: "prev,next today",
          center: "title",
          right: "dayGridMonth,timeGridWeek",
        }}
        buttonText={{ today: "Today", month: "Month", week: "Week" }}
        firstDay={1}
        height="auto"
        selectable
        selectMirror
        unselectAuto
        unselectCancel={`.${LEAVE_MODAL_CLASS}`}
        allDaySlot
        eventDisplay="block"
        events={[
          ...events.map((l) => ({
            id: String(l.id),
            title: l.title,
            start: l.leave_start_date,
            // FullCalendar's all-day end is exclusive.
            end: addDays(l.leave_end_date, 1),
            allDay: true,
            backgroundColor: leaveColour(l),
            borderColor: leaveColour(l),
            textColor: "#ffffff",
            extendedProps: { status: l.status },
          })),
          ...holidays.map((h) => ({
            id: `holiday-${h.day}`,
            title: h.name,
            start: h.day,
            allDay: true,
            display: "background",
            backgroundColor: "#fff3bf",
            classNames: ["leave-holiday"],
          })),
        ]}
        eventDidMount={({ event, el }) => {
          if (event.display === "background") return;
          el.dataset.leave = event.id;
          el.dataset.status = String(event.extendedProps.status);
          el.dataset.colour = event.backgroundColor;
        }}
        select={({ start, end, allDay }) =>
          // An all-day range ends the day before its exclusive `end`; a time range on its own day.
          onSelect(local(start), allDay ? local(new Date(end.getTime() - 1)) : local(start))
        }
        unselect={() => onUnselect()}
        eventClick={({ event, jsEvent }) => {
          jsEvent.preventDefault();
          if (event.display !== "background") onEvent(Number(event.id));
        }}
        datesSet={({ view: v }) => {
          const mid = new Date((v.currentStart.getTime() + v.currentEnd.getTime()) / 2);
          const m = `${mid.getFullYear()}-${String(mid.getMonth() + 1).padStart(2, "0")}`;
          onMonth(m, v.type === "timeGridWeek" ? "week" : "month");
        }}
      />
    </div>
  );
}

/** The browser's calendar day of a date FullCalendar gives (it works in the browser's zone). */
const local = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
