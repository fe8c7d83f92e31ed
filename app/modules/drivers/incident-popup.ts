/** What an incident's marker says (pure): its popup, escaped through ~/lib/map-text, and its title. */
import { mapHtml, type MapHtml } from "~/lib/map-text";
import { formatSpeed, type Measurement } from "~/lib/units";
import { BEHAVIOUR_LABEL, type Behaviour } from "./behaviours";
import { shortTime } from "./format";

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

const when = (iso: string) => `${shortTime(iso)} UTC`;

/** The marker's title (a tooltip and the accessible name): behaviour and time. */
export const incidentTitle = (i: MapIncident) => `${BEHAVIOUR_LABEL[i.behaviour]}, ${when(i.time)}`;

/** The popup: behaviour, time, vehicle, speed against the limit, severity and whether it counts. */
export function incidentPopup(i: MapIncident, m: Measurement): MapHtml {
  const speed =
    i.speed_limit !== null
      ? mapHtml`<br>${formatSpeed(i.speed, m)} in a ${formatSpeed(i.speed_limit, m)} zone`
      : null;
  return mapHtml`<strong>${BEHAVIOUR_LABEL[i.behaviour]}</strong><br>${when(i.time)}<br>${i.vehicle}${speed}<br>Severity: ${i.severity}${i.dismissed ? mapHtml`<br><em>Dismissed: does not count</em>` : null}`;
}
