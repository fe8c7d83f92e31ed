/** What an incident's marker says (pure): its popup, escaped through ~/lib/map-text, and its title. */
import { mapHtml, type MapHtml } from "~/lib/map-text";
import { formatSpeed, type Measurement } from "~/lib/units";
import { BEHAVIOUR_LABEL, type Behaviour } from "./behaviours";
import { formatZonedLabelled } from "~/lib/zoned-time";

export type MapIncident = {
  id: string;
  behaviour: Behaviour;
  time: string;
  lat: number;
  lng: number;
  vehicle: string;
  speed: number;
  speed_limit: number | null;
  severity: string;
  dismissed: boolean;
};

/** Labelled with the zone: a map popup stands alone, without the page's tooltip. */
const when = (iso: string, timeZone: string) => formatZonedLabelled(iso, timeZone, "datetime");

/** The marker's title (a tooltip and the accessible name): behaviour and time. */
export const incidentTitle = (i: MapIncident, timeZone: string) =>
  `${BEHAVIOUR_LABEL[i.behaviour]}, ${when(i.time, timeZone)}`;

/** The popup: behaviour, time, vehicle, speed against the limit, severity and whether it counts. */
export function incidentPopup(i: MapIncident, timeZone: string, m: Measurement): MapHtml {
  const speed =
    i.speed_limit !== null
      ? mapHtml`<br>${formatSpeed(i.speed, m)} in a ${formatSpeed(i.speed_limit, m)} zone`
      : null;
  return mapHtml`<strong>${BEHAVIOUR_LABEL[i.behaviour]}</strong><br>${when(i.time, timeZone)}<br>${i.vehicle}${speed}<br>Severity: ${i.severity}${i.dismissed ? mapHtml`<br><em>Dismissed: does not count</em>` : null}`;
}
