import { useSettings } from "~/components/settings/settings-context";
import { formatDistance } from "~/lib/units";

/** A stored distance (km) in the reader's unit, for table cells built outside a component. */
export function Distance({ km, digits }: { km: number; digits?: number }) {
  return <>{formatDistance(km, useSettings().settings.measurement, digits)}</>;
}
