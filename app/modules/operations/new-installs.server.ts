/**
 * The fleet page's "New installs awaiting their check" panel: devices fitted today that the fleet
 * list does not carry yet (`GET /devices/installs`), each with its installation check, or the date
 * of its certificate once one was issued. Only for those who may run the check (fleet_edit); a
 * restricted account (linked devices only) sees none. The panel is an extra: the fleet page never
 * waits long for it, and shows without it while the upstream does not answer.
 */
import { CAN, isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { rememberStale } from "~/services/remember.server";
import { newInstalls } from "./diagnostics.server";

export type PendingInstall = {
  imei: string;
  nickname: string;
  installedAt: string;
  /** When its latest certificate was issued; null while the check is still to be done. */
  checkedAt: string | null;
};

export async function installsAwaitingCheck(
  ctx: Pick<ModuleContext, "user" | "auth" | "companyId">,
): Promise<PendingInstall[]> {
  if (!isAllowed(ctx.user, CAN.editFleet) || ctx.auth.only) return [];
  // The page never waits for a slow upstream over this panel: the last list, refreshed each minute
  // in the background; on a first visit at most a second and a half, else the page without it.
  const list = await rememberStale(`new-installs:${ctx.companyId}`, 60_000, 1_500, [], () =>
    newInstalls(upstream(ctx.auth.token)).catch((e: unknown) => {
      logError("installs", `new installs unavailable: ${(e as Error).message}`);
      throw e;
    }),
  );
  if (!list.length) return [];
  const certificates = await prisma.installationCertificate.findMany({
    where: { companyId: ctx.companyId, imei: { in: list.map((d) => d.imei) } },
    orderBy: { issuedAt: "desc" },
    select: { imei: true, issuedAt: true },
  });
  const checked = new Map<string, string>();
  for (const c of certificates)
    if (!checked.has(c.imei)) checked.set(c.imei, c.issuedAt.toISOString());
  return list
    .map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      installedAt: d.installed_at,
      checkedAt: checked.get(d.imei) ?? null,
    }))
    .sort((a, b) => b.installedAt.localeCompare(a.installedAt) || a.imei.localeCompare(b.imei));
}
