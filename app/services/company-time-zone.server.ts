/**
 * The company's time zone (app setting type 1): the day a trip started, "today" on device pages and
 * the times of reports and notifications are all counted in it. Kept 10 minutes per company.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { remember } from "~/services/remember.server";
import * as up from "~/services/upstream/index.server";

/** The company's time zone (app setting type 1), for "the day a trip started". */
export async function companyTimeZone(auth: Auth): Promise<string> {
  return remember(`tz:${auth.companyId}`, 10 * 60_000, async () => {
    try {
      const entry = (await up.appSettings(upstream(auth.token))).find((s) => s.type === 1);
      const tz = entry?.settings
        ? (JSON.parse(entry.settings) as { timezone?: unknown }).timezone
        : undefined;
      if (typeof tz === "string") {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return tz;
      }
    } catch (e) {
      logError("trips", e);
    }
    return "UTC";
  });
}
