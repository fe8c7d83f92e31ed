/** What the event's map marker says (pure): escaped through ~/lib/map-text, never raw HTML. */
import { mapHtml, type MapHtml } from "~/lib/map-text";

export type MapEvent = {
  label: string;
  when: string;
  vehicle: string;
  driver: string | null;
  speed: string;
};

export const eventTitle = (e: MapEvent) => `${e.label}, ${e.when}`;

export function eventPopup(e: MapEvent): MapHtml {
  return mapHtml`<strong>${e.label}</strong><br>${e.when}<br>${e.vehicle}${e.driver ? mapHtml`<br>${e.driver}` : null}<br>${e.speed}`;
}
