/** The reader's unit on the server: `?measurement=` first, then the settings cookie mirror, metric by default. */
import { settingsFromCookieHeader } from "~/lib/settings";
import { parseMeasurement, type Measurement } from "~/lib/units";

export function measurementOf(request: Request): Measurement {
  const q = new URL(request.url).searchParams.get("measurement");
  if (q) return parseMeasurement(q);
  return settingsFromCookieHeader(request.headers.get("cookie")).measurement;
}
