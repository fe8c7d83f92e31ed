/**
 * Licence expiry notifications: for each company with a signed-in driver manager, every active
 * driver whose licence expires within EXPIRY_WARNING_DAYS or has expired is notified, through the
 * notifications module (in-app and push), to each of the company's users with drivers_manage.
 * Once per driver and expiry date per user: the notification's event id is the driver and the
 * date, so re-running changes nothing and a renewed licence (a new date) is notified again.
 * Background work has no request: it reads the drivers with the company's freshest token.
 */
import { notifyUser } from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import { EXPIRY_WARNING_DAYS, licenceNotices } from "./licence";
import * as dup from "./upstream.server";

export const LICENCE_EXPIRY_QUEUE = "drivers-licence-expiry";
export const LICENCE_KIND = "licence_expiry";

type StoredUser = {
  username_id?: number;
  permissions?: Record<string, boolean>;
  features_enabled?: Record<string, boolean>;
};

/** Per company, the users (from their live sessions) who manage drivers. */
async function managers(now: Date): Promise<Map<number, Set<number>>> {
  const rows = await prisma.session.findMany({
    where: { expiresAt: { gt: now } },
    select: { companyId: true, userId: true, data: true },
  });
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    const u = (r.data as { user?: StoredUser }).user;
    if (u?.permissions?.drivers_manage !== true) continue;
    if (u.features_enabled?.driver_management === false) continue;
    let set = out.get(r.companyId);
    if (!set) out.set(r.companyId, (set = new Set()));
    set.add(r.userId);
  }
  return out;
}

/** One pass over every company; returns how many notifications each got. */
export async function notifyLicenceExpiry(
  now = Date.now(),
  days = EXPIRY_WARNING_DAYS,
): Promise<Record<number, number>> {
  const sent: Record<number, number> = {};
  for (const [companyId, users] of await managers(new Date(now))) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      const notices = licenceNotices(await dup.drivers(upstream(token)), now, days);
      let n = 0;
      for (const notice of notices)
        for (const userId of users) {
          const item = await notifyUser({
            userId,
            companyId,
            kind: LICENCE_KIND,
            title: notice.title,
            body: notice.body,
            link: "/dashboard/drivermanagement",
            eventId: notice.key,
          });
          if (item) n++;
        }
      sent[companyId] = n;
    } catch (e) {
      logError("drivers", e);
    }
  }
  return sent;
}
