/**
 * The company's time zone (app setting type 1): the day a trip started, "today" on device pages and
 * the times of reports and notifications are all counted in it. Kept 10 minutes per company.
 */
import { isValidTimeZone } from "~/lib/zoned-days";
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { isKept, rememberStale } from "~/services/remember.server";
import * as up from "~/services/upstream/index.server";

const KEEP_MS = 10 * 60_000;
/** How long a page waits for a company's first answer before it reads in UTC. */
const FIRST_WAIT_MS = 2_000;

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

/** The upstream's answer, stored as the company's last known zone. */
async function fetchZone(auth: Auth): Promise<string> {
  try {
    const timeZone = await askUpstream(auth);
    await prisma.companyZone
      .upsert({
        where: { companyId: auth.companyId },
        create: { companyId: auth.companyId, timeZone },
        update: { timeZone },
      })
      .catch((e: unknown) => logError("time-zone", e));
    return timeZone;
  } catch (e) {
    logError("time-zone", e);
    throw e;
  }
}

/** The zone stored from an earlier answer (another process's, or before a restart). */
async function storedZone(companyId: number): Promise<string | null> {
  const row = await prisma.companyZone
    .findUnique({ where: { companyId } })
    .catch((e: unknown) => (logError("time-zone", e), null));
  return row && isValidTimeZone(row.timeZone) ? row.timeZone : null;
}

/**
 * The company's time zone (app setting type 1). A known zone (this process's or the stored one)
 * is answered at once and refreshed in the background after ten minutes; a failed settings call
 * is logged (SPEC §8) and leaves it as it was, so one failure never sends a company to UTC and
 * never holds a page up. Only a company never heard from waits briefly, then reads in UTC until
 * its first answer comes. The stored zone is read only while this process has no answer of its
 * own, so a zone another process stores meanwhile is found on the next page.
 */
export async function companyTimeZone(auth: Auth): Promise<string> {
  const key = `tz:${auth.companyId}`;
  const stored = isKept(key) ? null : await storedZone(auth.companyId);
  return rememberStale(key, KEEP_MS, stored ? 0 : FIRST_WAIT_MS, stored ?? "UTC", () =>
    fetchZone(auth),
  );
}
