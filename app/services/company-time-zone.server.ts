/**
 * The company's time zone (app setting type 1): the day a trip started, "today" on device pages and
 * the times of reports and notifications are all counted in it. Kept 10 minutes per company.
 */
import { isValidTimeZone } from "~/lib/zoned-days";
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { remember } from "~/services/remember.server";
import { singleton } from "~/services/singleton.server";
import * as up from "~/services/upstream/index.server";

const KEEP_MS = 10 * 60_000;
/** After a failed settings call the next page asks again this soon. */
const RETRY_MS = 30_000;

/** Per company: the zone answered after a failed call, until the next try. */
const fallbacks = singleton(
  "companyZoneFallbacks",
  () => new Map<number, { tz: string; until: number }>(),
);

/** What the settings say: their zone, "UTC" when they name none or a zone this runtime lacks. */
async function askUpstream(auth: Auth): Promise<string> {
  const entry = (await up.appSettings(upstream(auth.token))).find((s) => s.type === 1);
  let tz: unknown;
  try {
    tz = entry?.settings ? (JSON.parse(entry.settings) as { timezone?: unknown }).timezone : null;
  } catch {
    tz = null;
  }
  return typeof tz === "string" && isValidTimeZone(tz) ? tz : "UTC";
}

/**
 * The company's time zone (app setting type 1). A failed settings call is logged (SPEC §8) and
 * answered with the last zone the upstream gave, kept in PostgreSQL, so one failure never sends a
 * company to UTC; the fallback is kept only briefly, so the next pages ask again.
 */
export async function companyTimeZone(auth: Auth): Promise<string> {
  const held = fallbacks.get(auth.companyId);
  if (held && Date.now() < held.until) return held.tz;
  try {
    return await remember(`tz:${auth.companyId}`, KEEP_MS, async () => {
      const tz = await askUpstream(auth);
      fallbacks.delete(auth.companyId);
      await prisma.companyZone
        .upsert({
          where: { companyId: auth.companyId },
          create: { companyId: auth.companyId, timeZone: tz },
          update: { timeZone: tz },
        })
        .catch((e: unknown) => logError("time-zone", e));
      return tz;
    });
  } catch (e) {
    logError("time-zone", e);
    const kept = await prisma.companyZone
      .findUnique({ where: { companyId: auth.companyId } })
      .catch((err: unknown) => (logError("time-zone", err), null));
    const tz = kept && isValidTimeZone(kept.timeZone) ? kept.timeZone : "UTC";
    fallbacks.set(auth.companyId, { tz, until: Date.now() + RETRY_MS });
    return tz;
  }
}
