/**
 * The company's time zone (app setting type 1): the day a trip started, "today" on device pages and
 * the times of reports and notifications are all counted in it. Kept 10 minutes per company.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import * as up from "~/services/upstream/index.server";

const memo = new Map<number, { at: number; value: string }>();
const TTL_MS = 10 * 60_000;

/** The company's time zone (app setting type 1), for "the day a trip started". */
export async function companyTimeZone(auth: Auth): Promise<string> {
  const hit = memo.get(auth.companyId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = await (async () => {
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
  })();
  memo.set(auth.companyId, { at: Date.now(), value });
  return value;
}
