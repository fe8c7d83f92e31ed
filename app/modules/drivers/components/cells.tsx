/** Cells the drivers tables share: a time to the minute, and a place as a map link. */
import { CompanyTime } from "~/components/company-time";
import { latLng, shortTime } from "../format";

export { latLng, shortTime };

/** An upstream time in the company's zone, the zone named in its tooltip. */
export function When({ at }: { at: string | null | undefined }) {
  return <CompanyTime at={at} kind="datetime" />;
}

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
