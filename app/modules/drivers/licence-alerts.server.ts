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
import { logError } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import { EXPIRY_WARNING_DAYS, licenceNotices } from "./licence";
import * as dup from "./upstream.server";
import { CAN } from "~/lib/access";
import { usersWithSessions } from "~/services/session-users.server";

export const LICENCE_EXPIRY_QUEUE = "drivers-licence-expiry";
export const LICENCE_KIND = "licence_expiry";

/** One pass over every company; returns how many notifications each got. */
export async function notifyLicenceExpiry(
  now = Date.now(),
  days = EXPIRY_WARNING_DAYS,
): Promise<Record<number, number>> {
  const sent: Record<number, number> = {};
  const rule = { ...CAN.manageDrivers, feature: "driver_management" };
  for (const [companyId, users] of await usersWithSessions(rule, { now: new Date(now) })) {
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
