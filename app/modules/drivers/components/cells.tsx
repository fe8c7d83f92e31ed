/** Cells the drivers tables share: a time to the minute, and a place as a map link. */
import { latLng, shortTime } from "../format";

export { latLng, shortTime };

/** A place as a link to OpenStreetMap (a new tab), readable without JavaScript or the map. */
export function Place({ lat, lng }: { lat: number; lng: number }) {
  return (
    <a
      href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
      target="_blank"
      rel="noreferrer noopener"
    >
      {latLng({ lat, lng })}
    </a>
  );
}
