import { useSearchParams } from "@remix-run/react";
import { useSettings } from "~/components/settings/settings-context";
import { parseMeasurement, type Measurement } from "~/lib/units";

/**
 * The unit to show distances and speeds in: the user's setting (SPEC §2.11, cookie-mirrored so the
 * server renders it too), or `?measurement=` in the address, which also works without JavaScript.
 */
export function useMeasurement(): Measurement {
  const [params] = useSearchParams();
  const { settings } = useSettings();
  const fromQuery = params.get("measurement");
  return fromQuery ? parseMeasurement(fromQuery) : settings.measurement;
}
